import type { FastifyInstance } from 'fastify';
import { pageSizes } from '@shipdeck/shared/constants';
import { RequestError } from '@octokit/request-error';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { nowIso } from '../../lib/clock.js';
import { findUserById } from '../auth/users.repository.js';
import type { SyncStateKey } from '../sync/sync-state.repository.js';
import { findSyncState, updateSyncState } from '../sync/sync-state.repository.js';
import { lastPageFromLink } from '../github/link-pagination.js';
import {
  dropUnconfirmedAccess,
  newestInvolvedUpdate,
  repositoryIdsByFullName,
  saveCommits,
  saveInvolvement,
  savePullRequests,
  saveRepositoryPage,
} from './github-store.repository.js';
import type { SyncClient } from './github-sync-client.js';
import { openSyncClient } from './github-sync-client.js';
import {
  commitRow,
  parseCommits,
  parsePulls,
  parseRepositories,
  parseSearch,
  pullRow,
  repositoryRow,
  searchItemRow,
} from './github-wire.js';
import { recentlyPushedRepositories } from './github-reads.repository.js';
import { recordDailySnapshot } from './daily-snapshots.js';
import {
  ACCOUNT_RESOURCE,
  DETAILED_REPOSITORIES,
  REFRESH_EVERY_MS,
  SHIP_STATE_PULLS,
} from './sync-constants.js';
import { githubClientFor } from '../github/github-client.js';
import { fetchPullRequestShipState } from '../insights/fetch-ship-state.js';
import type { UserRow } from '../auth/users.table.js';
import { openPullsForShipState, parseLogins, saveShipState } from './ship-state.repository.js';

export type SyncReason = 'initial' | 'refresh';

/** GitHub's search serves at most the first 1,000 results of a query. */
const SEARCH_CAP = 1000;

interface SyncContext {
  app: FastifyInstance;
  userId: string;
  client: SyncClient;
  reason: SyncReason;
  startedAt: string;
}

const key = (userId: string, resource: string): SyncStateKey => ({
  userId,
  provider: 'github',
  resource,
});

async function progress(ctx: SyncContext, phase: string, done: number, total: number) {
  await updateSyncState(ctx.app.db, key(ctx.userId, ACCOUNT_RESOURCE), {
    phase,
    progress_done: done,
    progress_total: total,
  });
}

/**
 * Every repository the user can see, 100 a page through Link headers, most recently pushed
 * first. A refresh asks for the first page conditionally: a 304 (free) means nothing was pushed
 * or changed there, and the rest is not asked for.
 */
async function syncRepositories(ctx: SyncContext): Promise<void> {
  const state = await findSyncState(ctx.app.db, key(ctx.userId, 'repositories'));
  const params = {
    per_page: pageSizes.providerMax,
    sort: 'pushed',
    direction: 'desc',
    affiliation: 'owner,collaborator,organization_member',
  };
  const first = await ctx.client.get(
    'GET /user/repos',
    { ...params, page: 1 },
    ctx.reason === 'refresh' ? state?.etag : null,
  );
  if (first.status === 304) return;
  const lastPage = lastPageFromLink(first.link ?? undefined) ?? 1;
  let answer = first;
  let done = 0;
  for (let page = 1; ; page += 1) {
    if (page > 1) answer = await ctx.client.get('GET /user/repos', { ...params, page });
    const repos = parseRepositories(answer.data);
    await saveRepositoryPage(
      ctx.app.db,
      ctx.userId,
      repos.map((repo) => repositoryRow(repo, ctx.startedAt)),
      ctx.startedAt,
    );
    done += repos.length;
    const total = page >= lastPage ? done : lastPage * pageSizes.providerMax;
    await progress(ctx, 'repositories', done, total);
    if (!answer.link || !/rel="next"/.test(answer.link)) break;
  }
  await dropUnconfirmedAccess(ctx.app.db, ctx.userId, ctx.startedAt);
  await updateSyncState(ctx.app.db, key(ctx.userId, 'repositories'), {
    etag: first.etag,
    last_success_at: ctx.startedAt,
  });
}

/**
 * Pull requests involving the user, through the search API, 100 a page, newest update first.
 * Past the 1,000-result cap the query continues below the oldest update seen. A refresh stops at
 * the first pull request older than what is stored.
 */
async function syncPullRequests(ctx: SyncContext): Promise<void> {
  const state = await findSyncState(ctx.app.db, key(ctx.userId, 'pull-requests'));
  const stopBelow =
    ctx.reason === 'refresh' ? await newestInvolvedUpdate(ctx.app.db, ctx.userId) : null;
  const base = 'is:pr involves:@me';
  let query = base;
  let page = 1;
  let done = 0;
  let firstEtag: string | null = null;
  for (;;) {
    const conditional = page === 1 && query === base && ctx.reason === 'refresh';
    const answer = await ctx.client.get(
      'GET /search/issues',
      { q: query, sort: 'updated', order: 'desc', per_page: pageSizes.providerMax, page },
      conditional ? state?.etag : null,
    );
    if (answer.status === 304) return;
    if (page === 1 && query === base) firstEtag = answer.etag;
    const { total_count: totalCount, items } = parseSearch(answer.data);
    const ids = await repositoryIdsByFullName(
      ctx.app.db,
      ctx.userId,
      items.map((item) => item.repository_url.split('/repos/')[1] ?? ''),
    );
    const known = items.flatMap((item) => {
      const repositoryId = ids.get(item.repository_url.split('/repos/')[1] ?? '');
      return repositoryId === undefined ? [] : [{ item, repositoryId }];
    });
    await savePullRequests(
      ctx.app.db,
      known.map(({ item, repositoryId }) => searchItemRow(item, repositoryId, ctx.startedAt)),
      'search',
    );
    await saveInvolvement(
      ctx.app.db,
      known.map(({ item }) => ({
        user_id: ctx.userId,
        pull_request_id: item.id,
        is_author: item.user?.login === ctx.client.login ? 1 : 0,
        is_assignee: (item.assignees ?? []).some((a) => a.login === ctx.client.login) ? 1 : 0,
        is_review_requested: 0,
      })),
    );
    done += items.length;
    if (query === base) await progress(ctx, 'pull-requests', done, Math.max(done, totalCount));
    const oldest = items.at(-1)?.updated_at;
    if (!oldest || items.length < pageSizes.providerMax) break;
    if (stopBelow && oldest < stopBelow) break;
    if (page * pageSizes.providerMax >= Math.min(totalCount, SEARCH_CAP)) {
      if (totalCount <= SEARCH_CAP) break;
      query = `${base} updated:<=${oldest}`;
      page = 1;
    } else {
      page += 1;
    }
  }
  await updateSyncState(ctx.app.db, key(ctx.userId, 'pull-requests'), {
    ...(firstEtag ? { etag: firstEtag } : {}),
    last_success_at: ctx.startedAt,
  });
}

/**
 * For the most recently pushed repositories: the newest 100 default-branch commits and pull
 * requests (the latter bring head SHA, refs and requested reviewers), each asked conditionally.
 */
async function syncRecentRepositories(ctx: SyncContext): Promise<void> {
  const repositories = await recentlyPushedRepositories(
    ctx.app.db,
    ctx.userId,
    DETAILED_REPOSITORIES,
  );
  let done = 0;
  for (const repo of repositories) {
    const [owner, name] = [repo.owner_login, repo.name];
    const repositoryId = Number(repo.id);
    const commitsKey = key(ctx.userId, `commits:${repositoryId}`);
    const commitsState = await findSyncState(ctx.app.db, commitsKey);
    try {
      const commits = await ctx.client.get(
        'GET /repos/{owner}/{repo}/commits',
        { owner, repo: name, per_page: pageSizes.providerMax },
        commitsState?.etag,
      );
      if (commits.status === 200) {
        const rows = parseCommits(commits.data).map((c) =>
          commitRow(c, repositoryId, ctx.startedAt),
        );
        await saveCommits(ctx.app.db, rows);
      }
      await updateSyncState(ctx.app.db, commitsKey, {
        etag: commits.etag,
        last_success_at: ctx.startedAt,
      });
    } catch (error) {
      // An empty repository answers 409: it simply has no commits yet.
      if (!(error instanceof RequestError && error.status === 409)) throw error;
    }

    const pullsKey = key(ctx.userId, `pulls:${repositoryId}`);
    const pullsState = await findSyncState(ctx.app.db, pullsKey);
    const pulls = await ctx.client.get(
      'GET /repos/{owner}/{repo}/pulls',
      { owner, repo: name, state: 'all', sort: 'updated', direction: 'desc', per_page: 100 },
      pullsState?.etag,
    );
    if (pulls.status === 200) {
      const items = parsePulls(pulls.data);
      await savePullRequests(
        ctx.app.db,
        items.map((item) => pullRow(item, repositoryId, ctx.startedAt)),
        'list',
      );
      const login = ctx.client.login;
      await saveInvolvement(
        ctx.app.db,
        items
          .map((item) => ({
            user_id: ctx.userId,
            pull_request_id: item.id,
            is_author: item.user?.login === login ? 1 : 0,
            is_assignee: (item.assignees ?? []).some((a) => a.login === login) ? 1 : 0,
            is_review_requested: (item.requested_reviewers ?? []).some((r) => r.login === login)
              ? 1
              : 0,
          }))
          .filter((row) => row.is_author + row.is_assignee + row.is_review_requested > 0),
      );
    }
    await updateSyncState(ctx.app.db, pullsKey, {
      etag: pulls.etag,
      last_success_at: ctx.startedAt,
    });
    done += 1;
    await progress(ctx, 'commits', done, repositories.length);
  }
}

/**
 * Review and checks of the most recently updated open pull requests, through the conditional
 * Octokit (an unchanged pull request costs 304s, free of rate limit) held to the sync's budget.
 * One pull request failing leaves its stored state as it was and does not fail the sync.
 */
async function syncShipStates(ctx: SyncContext, user: UserRow): Promise<void> {
  const pulls = await openPullsForShipState(ctx.app.db, ctx.userId, SHIP_STATE_PULLS);
  if (pulls.length === 0) return;
  const octokit = await githubClientFor(ctx.app, user);
  ctx.client.govern(octokit);
  let done = 0;
  for (const pull of pulls) {
    try {
      const state = await fetchPullRequestShipState(octokit, {
        owner: pull.owner_login,
        repo: pull.name,
        number: pull.number,
        headSha: pull.head_sha ?? '',
        requestedReviewers: parseLogins(pull.requested_reviewers),
      });
      await saveShipState(ctx.app.db, Number(pull.id), state);
    } catch (error) {
      // A spent budget ends this step for every pull request alike; the next sync resumes.
      if (error instanceof RetryLaterError) break;
      ctx.app.log.warn(
        { userId: ctx.userId, pullRequestId: Number(pull.id), reason: describe(error) },
        'GitHub ship state not refreshed',
      );
    }
    done += 1;
    await progress(ctx, 'ship-status', done, pulls.length);
  }
}

function describe(error: unknown): string {
  if (error instanceof RetryLaterError) return error.message;
  if (error instanceof RequestError) return `GitHub answered ${error.status}`;
  if (error instanceof Error && error.name === 'ZodError')
    return 'GitHub sent an unreadable answer';
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'GitHub did not answer in time';
  }
  return 'GitHub could not be reached';
}

/**
 * One sync of a user's GitHub data into the store. Idempotent (jobs are delivered at least once):
 * every write is an upsert keyed by GitHub's ids.
 */
export async function syncGithubAccount(
  app: FastifyInstance,
  data: { userId: string; reason: SyncReason },
): Promise<{ requests: number }> {
  const user = await findUserById(app.db, data.userId);
  if (!user?.github_login) return { requests: 0 };
  const client = await openSyncClient(app, user.id, user.github_login);
  if (!client) return { requests: 0 };
  const ctx: SyncContext = {
    app,
    userId: user.id,
    client,
    reason: data.reason,
    startedAt: nowIso(),
  };
  const account = key(user.id, ACCOUNT_RESOURCE);
  await updateSyncState(app.db, account, { last_attempt_at: ctx.startedAt });
  try {
    await syncRepositories(ctx);
    await syncPullRequests(ctx);
    await syncRecentRepositories(ctx);
    await syncShipStates(ctx, user);
    await recordDailySnapshot(app.db, user.id, user.github_login, new Date());
    await updateSyncState(app.db, account, {
      phase: null,
      progress_done: null,
      progress_total: null,
      last_success_at: ctx.startedAt,
      last_error: null,
      next_due_at: new Date(Date.now() + REFRESH_EVERY_MS).toISOString(),
    });
    return { requests: client.requests };
  } catch (error) {
    const retryIn = error instanceof RetryLaterError ? error.seconds * 1000 : REFRESH_EVERY_MS;
    await updateSyncState(app.db, account, {
      phase: null,
      last_error: describe(error),
      next_due_at: new Date(Date.now() + retryIn).toISOString(),
    });
    app.log.warn({ userId: user.id, reason: describe(error) }, 'GitHub sync failed');
    throw error;
  }
}
