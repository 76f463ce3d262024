import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findUserById } from '../auth/users.repository.js';
import { githubClientFor } from '../github-client/github-client.js';
import { readPullHead } from '../github-store/read-pull-head.js';
import { refreshShipState } from '../ship-status/refresh-ship-state.js';
import { describeSyncError } from '../github-sync/sync-context.js';

/** The open pull requests of one repository a delivery may have moved: by number or head SHA. */
export interface ShipTargets {
  repositoryId: number;
  numbers: number[];
  headShas: string[];
}

const repository = z.object({ id: z.number() }).loose();
const pullDelivery = z
  .object({ repository, pull_request: z.object({ number: z.number() }).loose() })
  .loose();
const check = z
  .object({
    head_sha: z.string(),
    pull_requests: z.array(z.object({ number: z.number() }).loose()).default([]),
  })
  .loose();
const checkRunDelivery = z.object({ repository, check_run: check }).loose();
const checkSuiteDelivery = z.object({ repository, check_suite: check }).loose();
const workflowRunDelivery = z.object({ repository, workflow_run: check }).loose();
const statusDelivery = z.object({ repository, sha: z.string() }).loose();

/** Which pull requests' review or checks a GitHub delivery can change; null for other events. */
export function shipTargetsOf(event: string, body: unknown): ShipTargets | null {
  switch (event) {
    case 'pull_request':
    case 'pull_request_review': {
      const delivery = pullDelivery.parse(body);
      return {
        repositoryId: delivery.repository.id,
        numbers: [delivery.pull_request.number],
        headShas: [],
      };
    }
    case 'check_run':
    case 'check_suite': {
      const delivery =
        event === 'check_run'
          ? (({ repository: repo, check_run: run }) => ({ repo, run }))(
              checkRunDelivery.parse(body),
            )
          : (({ repository: repo, check_suite: run }) => ({ repo, run }))(
              checkSuiteDelivery.parse(body),
            );
      return {
        repositoryId: delivery.repo.id,
        numbers: delivery.run.pull_requests.map((pull) => pull.number),
        headShas: [delivery.run.head_sha],
      };
    }
    case 'workflow_run': {
      const delivery = workflowRunDelivery.parse(body);
      return {
        repositoryId: delivery.repository.id,
        numbers: delivery.workflow_run.pull_requests.map((pull) => pull.number),
        headShas: [delivery.workflow_run.head_sha],
      };
    }
    case 'status': {
      const delivery = statusDelivery.parse(body);
      return { repositoryId: delivery.repository.id, numbers: [], headShas: [delivery.sha] };
    }
    default:
      return null;
  }
}

/**
 * Re-reads the review and checks of the stored open pull requests a delivery names, so the ship
 * status the pages show moves with the webhook rather than at the next sync. A pull request's
 * state is one row for everyone, read with the token of a user who can see the repository; the
 * reads skip the freshness window (the delivery says GitHub changed) but stay conditional. A
 * failure is logged and left to the next sync: the delivery itself still applies.
 */
export async function refreshShipStatesFromWebhook(
  app: FastifyInstance,
  targets: ShipTargets,
): Promise<void> {
  if (targets.numbers.length === 0 && targets.headShas.length === 0) return;
  const pulls = await app.db
    .selectFrom('github_pull_requests')
    .innerJoin(
      'github_repositories',
      'github_repositories.id',
      'github_pull_requests.repository_id',
    )
    .select([
      'github_pull_requests.id',
      'github_pull_requests.number',
      'github_pull_requests.repository_id',
      'github_repositories.owner_login',
      'github_repositories.name',
    ])
    .where('github_pull_requests.repository_id', '=', targets.repositoryId)
    .where('github_pull_requests.state', '=', 'open')
    .where((eb) =>
      eb.or([
        ...(targets.numbers.length > 0
          ? [eb('github_pull_requests.number', 'in', targets.numbers)]
          : []),
        ...(targets.headShas.length > 0
          ? [eb('github_pull_requests.head_sha', 'in', targets.headShas)]
          : []),
      ]),
    )
    .execute();
  if (pulls.length === 0) return;
  const readers = await app.db
    .selectFrom('github_repository_access')
    .select('user_id')
    .where('repository_id', '=', targets.repositoryId)
    .execute();
  const syncedAt = new Date().toISOString();
  for (const { user_id: userId } of readers) {
    const user = await findUserById(app.db, userId);
    if (!user?.github_login) continue;
    try {
      const octokit = await githubClientFor(app, user, { revalidate: true });
      for (const pull of pulls) {
        const head = await readPullHead(app.db, octokit, pull, syncedAt);
        await refreshShipState(app.db, octokit, pull, head);
      }
      return;
    } catch (error) {
      app.log.warn(
        { userId, repositoryId: targets.repositoryId, reason: describeSyncError(error) },
        'ship state not refreshed from a webhook',
      );
    }
  }
}
