import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { ChangedRepository } from '../notifications/change-notifications.js';
import { changeNotifications, isRecentChange } from '../notifications/change-notifications.js';
import type { NotificationInput } from '../notifications/notify.js';
import { notify } from '../notifications/notify.js';
import { findSyncState } from '../connections/sync-state.repository.js';
import type { Audience } from '../notifications/audience.js';
import { resolveAudience } from '../notifications/audience.js';
import type { DecidingReview } from '../ship-status/fetch-ship-state.js';
import type { NewPullRequestRow } from '../github-store/github-store.repository.js';
import { parseLogins } from '../ship-status/ship-state.repository.js';
import { ACCOUNT_RESOURCE } from './sync-constants.js';

/**
 * A sync notices a change by comparing what GitHub answers with the stored row before it is
 * overwritten, and notifies whom a webhook for the same change would, with the same dedupe key,
 * so one change makes one item whichever arrives first. A row seen for the first time is history,
 * not a change, and a change older than the look-back is not news: that is what keeps a new
 * account's first sync (and a stale row caught up) from flooding anyone.
 */
export interface PullRequestBefore {
  merged_at: string | null;
  requested_reviewers: string;
  head_sha: string | null;
  /** Written with the reviewers by a pull list or a single pull read. */
  head_ref: string | null;
  /** Written with the reviewers by the team pass. */
  mergeable: string | null;
}

/**
 * Whether the stored reviewers are what a source that knows them (a pull list, a single pull
 * read, the team pass) wrote. A row only the search stored holds none for want of knowing, and the
 * ship-state pass gives such a row its head without them, so a known head alone is not enough:
 * compared with that empty list, every reviewer asked long ago would look newly asked.
 */
function reviewersDescribed(previous: PullRequestBefore): boolean {
  return previous.head_sha !== null && (previous.head_ref !== null || previous.mergeable !== null);
}

export async function pullRequestsBefore(
  db: Db,
  ids: number[],
): Promise<Map<number, PullRequestBefore>> {
  const map = new Map<number, PullRequestBefore>();
  for (let i = 0; i < ids.length; i += 100) {
    const rows = await db
      .selectFrom('github_pull_requests')
      .select(['id', 'merged_at', 'requested_reviewers', 'head_sha', 'head_ref', 'mergeable'])
      .where('id', 'in', ids.slice(i, i + 100))
      .execute();
    for (const row of rows) map.set(Number(row.id), row);
  }
  return map;
}

async function repositoriesById(db: Db, ids: number[]): Promise<Map<number, ChangedRepository>> {
  const map = new Map<number, ChangedRepository>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('github_repositories')
    .select(['id', 'full_name', 'owner_login', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  for (const row of rows) {
    map.set(Number(row.id), {
      id: Number(row.id),
      fullName: row.full_name,
      ownerLogin: row.owner_login,
      name: row.name,
    });
  }
  return map;
}

/** Users whose first GitHub sync has completed: only they can be told about a change. */
async function pastFirstSync(db: Db, userId: string): Promise<boolean> {
  const state = await findSyncState(db, {
    userId,
    provider: 'github',
    resource: ACCOUNT_RESOURCE,
  });
  return Boolean(state?.last_success_at);
}

async function deliver(
  app: FastifyInstance,
  audience: Audience,
  input: NotificationInput,
): Promise<void> {
  for (const userId of await resolveAudience(app.db, audience)) {
    if (await pastFirstSync(app.db, userId)) await notify(app, userId, input);
  }
}

/** What a source stored of a pull request, as far as its notifications need. */
export type PullRequestAfter = Pick<
  NewPullRequestRow,
  | 'id'
  | 'repository_id'
  | 'number'
  | 'title'
  | 'merged_at'
  | 'author_login'
  | 'updated_at'
  | 'requested_reviewers'
>;

/**
 * After pull requests were stored: merges and newly requested reviewers. The search knows no
 * reviewers; a repository's pull list and the team pass's GraphQL read both do, and whichever
 * writes a request first tells it, so one that the team pass stored is no news to the list after.
 */
export async function notifyPullRequestChanges(
  app: FastifyInstance,
  before: Map<number, PullRequestBefore>,
  rows: readonly PullRequestAfter[],
  source: 'search' | 'list' | 'team',
): Promise<void> {
  const changes: { row: PullRequestAfter; merged: boolean; reviewers: string[] }[] = [];
  for (const row of rows) {
    const previous = before.get(Number(row.id));
    if (!previous) continue;
    const merged =
      previous.merged_at === null && row.merged_at != null && isRecentChange(row.merged_at);
    const known = new Set(parseLogins(previous.requested_reviewers).map((l) => l.toLowerCase()));
    const reviewers =
      source !== 'search' && reviewersDescribed(previous) && isRecentChange(row.updated_at)
        ? parseLogins(row.requested_reviewers ?? '[]').filter((l) => !known.has(l.toLowerCase()))
        : [];
    if (merged || reviewers.length > 0) changes.push({ row, merged, reviewers });
  }
  if (changes.length === 0) return;
  const repositories = await repositoriesById(
    app.db,
    changes.map(({ row }) => Number(row.repository_id)),
  );
  for (const { row, merged, reviewers } of changes) {
    const repo = repositories.get(Number(row.repository_id));
    if (!repo) continue;
    const pr = { number: row.number, title: row.title };
    if (merged) {
      await deliver(
        app,
        {
          githubLogins: [repo.ownerLogin, row.author_login ?? ''].filter(Boolean),
          githubRepositoryId: repo.id,
        },
        changeNotifications.pullRequestMerged(repo, pr),
      );
    }
    for (const reviewer of reviewers) {
      await deliver(
        app,
        { githubLogins: [reviewer] },
        changeNotifications.reviewRequested(repo, pr, reviewer),
      );
    }
  }
}

/** The SHAs among these that the store already holds for the repository. */
export async function knownCommitShas(
  db: Db,
  repositoryId: number,
  shas: string[],
): Promise<{ known: Set<string>; any: boolean }> {
  const any = await db
    .selectFrom('github_commits')
    .select('sha')
    .where('repository_id', '=', repositoryId)
    .limit(1)
    .executeTakeFirst();
  if (!any || shas.length === 0) return { known: new Set(), any: Boolean(any) };
  const rows = await db
    .selectFrom('github_commits')
    .select('sha')
    .where('repository_id', '=', repositoryId)
    .where('sha', 'in', shas)
    .execute();
  return { known: new Set(rows.map((row) => row.sha)), any: true };
}

/**
 * New commits at the head of a default branch whose earlier commits were already stored. The
 * head SHA is a push's `after`, so the webhook and the sync share the key.
 */
export async function notifyNewCommits(
  app: FastifyInstance,
  repo: { id: number; fullName: string; ownerLogin: string; name: string; branch: string },
  newestFirst: string[],
  before: { known: Set<string>; any: boolean },
): Promise<void> {
  const head = newestFirst[0];
  if (!before.any || !head || before.known.has(head)) return;
  const added = newestFirst.filter((sha) => !before.known.has(sha)).length;
  await deliver(
    app,
    { githubLogins: [repo.ownerLogin], githubRepositoryId: repo.id },
    changeNotifications.commitsPushed(repo, repo.branch, head, added),
  );
}

/**
 * Failing checks on an open pull request, told to its author. The key carries the head SHA, so
 * the same failure is told once and a new push that fails again is told again.
 */
export async function notifyFailingChecks(
  app: FastifyInstance,
  pull: {
    repositoryId: number;
    number: number;
    headSha: string;
    previousChecks: string | null;
    createdAt: string;
    updatedAt: string;
  },
): Promise<void> {
  const news =
    isRecentChange(pull.updatedAt) &&
    (pull.previousChecks !== null || isRecentChange(pull.createdAt));
  if (!news) return;
  const repo = (await repositoriesById(app.db, [pull.repositoryId])).get(pull.repositoryId);
  if (!repo) return;
  await deliver(
    app,
    {
      githubLogins: [],
      pullRequestAuthor: { repositoryId: pull.repositoryId, number: pull.number },
    },
    changeNotifications.checksFailed(repo, pull.number, pull.headSha, 'Checks'),
  );
}

/**
 * An approval or request for changes a sync read, told to the pull request's author as the
 * `pull_request_review` webhook would (same builder, key by review id, so one item between them).
 * Only a review submitted within the look-back is news; whose first sync has not finished hears
 * nothing (`deliver`), so connecting an account does not replay old verdicts.
 */
export async function notifyNewReview(
  app: FastifyInstance,
  pull: { repositoryId: number; number: number; title: string },
  review: DecidingReview,
): Promise<void> {
  if (!isRecentChange(review.submittedAt)) return;
  const repo = (await repositoriesById(app.db, [pull.repositoryId])).get(pull.repositoryId);
  if (!repo) return;
  await deliver(
    app,
    {
      githubLogins: [],
      pullRequestAuthor: { repositoryId: pull.repositoryId, number: pull.number },
    },
    changeNotifications.review(
      repo,
      { number: pull.number, title: pull.title },
      {
        id: review.id,
        approved: review.state === 'APPROVED',
        reviewerLogin: review.reviewerLogin,
      },
    ),
  );
}
