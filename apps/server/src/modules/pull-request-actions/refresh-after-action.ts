import type { Octokit } from '@octokit/rest';
import type { PullRequest } from '@shipdeck/shared/github';
import type { ShipPullRequest } from '@shipdeck/shared/insights';
import { pullRequestActionMessages } from '@shipdeck/shared/pull-request-actions';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { PULL_REQUEST_COLUMNS } from '../github-store/github-reads.repository.js';
import { readPullHead } from '../github-store/read-pull-head.js';
import { resolveAudience } from '../notifications/audience.js';
import { announceEvent } from '../notifications/notify.js';
import { withShipStatus } from '../ship-status/attach-ship-status.js';
import { refreshShipState } from '../ship-status/refresh-ship-state.js';
import type { ActionPullRequestRow } from './action-pull-request.repository.js';

/**
 * After an action GitHub accepted: reads the pull request (head, requested reviewers) and its
 * review and checks back with the action's own client (the person's token, every GET to GitHub:
 * no stored answer, none shared with a webhook's read of the same URL) and stores them, so the
 * ship status every list shows moves at once rather than at the next sync or webhook. A failed
 * read throws: the runner then answers that GitHub did not answer and nothing is reported as
 * done, rather than an answer without the pull request's state.
 */
export async function refreshPullAfterAction(
  app: FastifyInstance,
  octokit: Octokit,
  pull: ActionPullRequestRow,
): Promise<void> {
  const target = {
    id: pull.id,
    repository_id: pull.repository_id,
    owner_login: pull.owner_login,
    name: pull.repository_name,
    number: pull.number,
  };
  const head = await readPullHead(app.db, octokit, target, new Date().toISOString());
  await refreshShipState(app.db, octokit, target, head);
}

/** Tells every person who sees the repository that its pull requests changed (live event). */
export async function announcePullRequestChange(
  app: FastifyInstance,
  pull: ActionPullRequestRow,
): Promise<void> {
  const audience = { githubLogins: [], githubRepositoryId: Number(pull.repository_id) };
  for (const userId of await resolveAudience(app.db, audience)) {
    await announceEvent(app, userId, {
      type: 'data.changed',
      resources: ['pull-requests'],
      repository: pull.full_name,
    });
  }
}

/** The pull request as this person's lists now show it, with its ship status. */
export async function storedShipPullRequest(
  app: FastifyInstance,
  userId: string,
  pullRequestId: number,
): Promise<ShipPullRequest> {
  const rows = await app.db
    .selectFrom('github_pull_requests')
    .innerJoin(
      'github_repositories',
      'github_repositories.id',
      'github_pull_requests.repository_id',
    )
    .innerJoin('github_repository_access', (join) =>
      join
        .onRef('github_repository_access.repository_id', '=', 'github_pull_requests.repository_id')
        .on('github_repository_access.user_id', '=', userId),
    )
    .select(PULL_REQUEST_COLUMNS)
    .where('github_pull_requests.id', '=', pullRequestId)
    .execute();
  const [item] = await withShipStatus(app.db, userId, rows);
  // A read-back stores the review and checks, so the status is there unless the row went away.
  if (!item || !isShipPullRequest(item))
    throw new AppError(502, 'PROVIDER_ERROR', pullRequestActionMessages.unavailable);
  return item;
}

function isShipPullRequest(item: PullRequest | ShipPullRequest): item is ShipPullRequest {
  return 'review' in item && 'checks' in item;
}
