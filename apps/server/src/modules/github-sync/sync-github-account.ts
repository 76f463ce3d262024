import type { FastifyInstance } from 'fastify';
import { pageSizes } from '@shipdeck/shared/constants';
import { RequestError } from '@octokit/request-error';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { refreshPlannerStatistics } from '../../db/refresh-planner-statistics.js';
import { nowIso } from '../../lib/clock.js';
import { findUserById } from '../auth/users.repository.js';
import { findSyncState, updateSyncState } from '../connections/sync-state.repository.js';
import { lastPageFromLink } from '../github-client/link-pagination.js';
import {
  clearReviewRequests,
  clearReviewRequestsExcept,
  dropUnconfirmedAccess,
  dropUnconfirmedInvolvement,
  newestInvolvedUpdate,
  repositoryIdsByFullName,
  saveCommits,
  saveInvolvement,
  savePullRequests,
  saveRepositoryPage,
} from '../github-store/github-store.repository.js';
import { openSyncClient } from '../github-client/github-sync-client.js';
import {
  commitRow,
  parseCommits,
  parsePulls,
  parseRepositories,
  parseSearch,
  pullRow,
  repositoryRow,
  searchItemRow,
} from '../github-store/github-wire.js';
import { recentlyPushedRepositories } from '../github-store/github-reads.repository.js';
import { recordDailySnapshot } from '../github-store/daily-snapshots.js';
import {
  ACCOUNT_RESOURCE,
  DETAILED_REPOSITORIES,
  FULL_REFRESH_EVERY_MS,
  REFRESH_EVERY_MS,
} from './sync-constants.js';
import {
  knownCommitShas,
  notifyNewCommits,
  notifyPullRequestChanges,
  pullRequestsBefore,
} from './sync-change-notifications.js';
import type { SyncContext, SyncReason } from './sync-context.js';
import { describeSyncError, publishChanges, reportProgress, syncStateKey } from './sync-context.js';
import { SHIP_STATUS_PHASE, shipStatePullsDue, syncShipStates } from './sync-ship-states.js';

/** The sync_state resource whose last success is the last full refresh. */
const FULL_REFRESH_RESOURCE = 'full-refresh';

/** GitHub's search serves at most the first 1,000 results of a query. */
const SEARCH_CAP = 1000;

const key = syncStateKey;

/**
 * Every repository the user can see, 100 a page through Link headers, most recently pushed
 * first. A refresh asks for the first page conditionally: a 304 (free) means nothing was pushed
 * or changed there, and the rest is not asked for. A full refresh reads every page, so access
 * lost to a repository further down is noticed.
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
    ctx.full ? null : state?.etag,
  );
  if (first.status === 304) return;
  ctx.changed.add('repositories').add('repository').add('stats');
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
    await reportProgress(ctx, 'repositories', done, total);
    if (!answer.link || !/rel="next"/.test(answer.link)) break;
  }
  await dropUnconfirmedAccess(ctx.app.db, ctx.userId, ctx.startedAt);
  await updateSyncState(ctx.app.db, key(ctx.userId, 'repositories'), {
    etag: first.etag,
    last_success_at: ctx.startedAt,
  });
}

interface PullSearch {
  /** The search query; `updated:<=` is added past the 1,000-result cap. */
  base: string;
  /** The sync_state resource holding the first page's ETag. */
  resource: string;
  /** The involvement columns this search can tell. */
  flags: readonly ('is_author' | 'is_assignee' | 'is_review_requested')[];
  involvement: (item: ReturnType<typeof parseSearch>['items'][number]) => {
    is_author: number;
    is_assignee: number;
    is_review_requested: number;
  };
  /** Reports progress while it runs. */
  reports: boolean;
}

/**
 * Pull requests a search finds, 100 a page, newest update first, stored with how they involve
 * the user. Past the 1,000-result cap the query continues below the oldest update seen. A refresh
 * asks for page 1 conditionally and stops at the first pull request older than what is stored; a
 * full one reads every page. Answers the ids found, or null when a 304 said nothing changed.
 */
async function searchPullRequests(ctx: SyncContext, search: PullSearch): Promise<number[] | null> {
  const state = await findSyncState(ctx.app.db, key(ctx.userId, search.resource));
  const stopBelow = ctx.full ? null : await newestInvolvedUpdate(ctx.app.db, ctx.userId);
  const { base } = search;
  let query = base;
  let page = 1;
  let done = 0;
  let firstEtag: string | null = null;
  const found: number[] = [];
  for (;;) {
    const conditional = page === 1 && query === base && !ctx.full;
    const answer = await ctx.client.get(
      'GET /search/issues',
      { q: query, sort: 'updated', order: 'desc', per_page: pageSizes.providerMax, page },
      conditional ? state?.etag : null,
    );
    if (answer.status === 304) return null;
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
    const rows = known.map(({ item, repositoryId }) =>
      searchItemRow(item, repositoryId, ctx.startedAt),
    );
    const before = await pullRequestsBefore(
      ctx.app.db,
      rows.map((row) => Number(row.id)),
    );
    await savePullRequests(ctx.app.db, rows, 'search');
    await notifyPullRequestChanges(ctx.app, before, rows, 'search');
    ctx.changed.add('pull-requests');
    await saveInvolvement(
      ctx.app.db,
      known.map(({ item }) => ({
        user_id: ctx.userId,
        pull_request_id: item.id,
        ...search.involvement(item),
        confirmed_at: ctx.startedAt,
      })),
      search.flags,
    );
    found.push(...known.map(({ item }) => item.id));
    done += items.length;
    if (search.reports && query === base) {
      await reportProgress(ctx, 'pull-requests', done, Math.max(done, totalCount));
    }
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
  await updateSyncState(ctx.app.db, key(ctx.userId, search.resource), {
    ...(firstEtag ? { etag: firstEtag } : {}),
    last_success_at: ctx.startedAt,
  });
  return found;
}

/**
 * Pull requests involving the user (author, assignee, mentioned, commenter). A full refresh also
 * asks who requested the user's review, which `involves:` does not cover on GitHub, and clears
 * every review request it did not list.
 */
async function syncPullRequests(ctx: SyncContext): Promise<void> {
  const login = ctx.client.login;
  await searchPullRequests(ctx, {
    base: 'is:pr involves:@me',
    resource: 'pull-requests',
    flags: ['is_author', 'is_assignee'],
    involvement: (item) => ({
      is_author: item.user?.login === login ? 1 : 0,
      is_assignee: (item.assignees ?? []).some((a) => a.login === login) ? 1 : 0,
      is_review_requested: 0,
    }),
    reports: true,
  });
  if (!ctx.full) return;
  const requested = await searchPullRequests(ctx, {
    base: 'is:pr review-requested:@me',
    resource: 'review-requests',
    flags: ['is_review_requested'],
    involvement: () => ({ is_author: 0, is_assignee: 0, is_review_requested: 1 }),
    reports: false,
  });
  if (requested) await clearReviewRequestsExcept(ctx.app.db, ctx.userId, requested);
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
        const shas = rows.map((row) => row.sha);
        const before = await knownCommitShas(ctx.app.db, repositoryId, shas);
        await saveCommits(ctx.app.db, rows);
        await notifyNewCommits(
          ctx.app,
          {
            id: repositoryId,
            fullName: repo.full_name,
            ownerLogin: owner,
            name,
            branch: repo.default_branch,
          },
          shas,
          before,
        );
        ctx.changed.add('commits');
        ctx.changedRepositories.add(repo.full_name);
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
      const rows = items.map((item) => pullRow(item, repositoryId, ctx.startedAt));
      const before = await pullRequestsBefore(
        ctx.app.db,
        rows.map((row) => Number(row.id)),
      );
      await savePullRequests(ctx.app.db, rows, 'list');
      await notifyPullRequestChanges(ctx.app, before, rows, 'list');
      ctx.changed.add('pull-requests');
      ctx.changedRepositories.add(repo.full_name);
      const login = ctx.client.login;
      const involvement = items.map((item) => ({
        user_id: ctx.userId,
        pull_request_id: item.id,
        is_author: item.user?.login === login ? 1 : 0,
        is_assignee: (item.assignees ?? []).some((a) => a.login === login) ? 1 : 0,
        is_review_requested: (item.requested_reviewers ?? []).some((r) => r.login === login)
          ? 1
          : 0,
        confirmed_at: ctx.startedAt,
      }));
      await saveInvolvement(
        ctx.app.db,
        involvement.filter((row) => row.is_author + row.is_assignee + row.is_review_requested > 0),
        ['is_author', 'is_assignee', 'is_review_requested'],
      );
      // The list names every reviewer still requested: the user is not one of them here.
      await clearReviewRequests(
        ctx.app.db,
        ctx.userId,
        involvement
          .filter((row) => row.is_review_requested === 0)
          .map((row) => row.pull_request_id),
      );
    }
    ctx.listedPullRepositories.add(repositoryId);
    await updateSyncState(ctx.app.db, pullsKey, {
      etag: pulls.etag,
      last_success_at: ctx.startedAt,
    });
    done += 1;
    await reportProgress(ctx, 'commits', done, repositories.length);
  }
}

export interface SyncOutcome {
  /** Upstream requests this sync made. */
  requests: number;
  /**
   * Open pull requests whose review and checks an initial sync left to a job of their own,
   * to be queued right after it: the first sync stays within its request budget (issue 8).
   */
  shipStatusDeferred: number;
}

/**
 * One sync of a user's GitHub data into the store. Idempotent (jobs are delivered at least once):
 * every write is an upsert keyed by GitHub's ids.
 */
export async function syncGithubAccount(
  app: FastifyInstance,
  data: { userId: string; reason: SyncReason },
): Promise<SyncOutcome> {
  const user = await findUserById(app.db, data.userId);
  if (!user?.github_login) return { requests: 0, shipStatusDeferred: 0 };
  const client = await openSyncClient(app, user.id, user.github_login);
  if (!client) return { requests: 0, shipStatusDeferred: 0 };
  const lastFull = await findSyncState(app.db, key(user.id, FULL_REFRESH_RESOURCE));
  const fullDue =
    !lastFull?.last_success_at ||
    Date.parse(lastFull.last_success_at) <= Date.now() - FULL_REFRESH_EVERY_MS;
  const ctx: SyncContext = {
    app,
    userId: user.id,
    client,
    full: data.reason !== 'refresh' || fullDue,
    startedAt: nowIso(),
    changed: new Set(),
    changedRepositories: new Set(),
    listedPullRepositories: new Set(),
  };
  const account = key(user.id, ACCOUNT_RESOURCE);
  await updateSyncState(app.db, account, { last_attempt_at: ctx.startedAt });
  try {
    // A first sync fills the tables from empty: each list is planned from their real size at once.
    const filled = (tables: Parameters<typeof refreshPlannerStatistics>[1]) =>
      data.reason === 'initial' ? refreshPlannerStatistics(app.database, tables) : undefined;
    await syncRepositories(ctx);
    await filled(['github_repositories', 'github_repository_access']);
    await syncPullRequests(ctx);
    await syncRecentRepositories(ctx);
    await filled(['github_pull_requests', 'github_pull_request_involvement', 'github_commits']);
    if (ctx.full) {
      await dropUnconfirmedInvolvement(app.db, user.id, ctx.startedAt);
      await updateSyncState(app.db, key(user.id, FULL_REFRESH_RESOURCE), {
        last_success_at: ctx.startedAt,
      });
    }
    const shipStatusDeferred =
      data.reason === 'initial' ? await shipStatePullsDue(app, user.id) : 0;
    if (data.reason !== 'initial') await syncShipStates(ctx, user);
    await recordDailySnapshot(app.db, user.id, user.github_login, new Date());
    await updateSyncState(app.db, account, {
      // Lists are complete; review and checks still to come, which the pages show as unknown.
      phase: shipStatusDeferred > 0 ? SHIP_STATUS_PHASE : null,
      progress_done: shipStatusDeferred > 0 ? 0 : null,
      progress_total: shipStatusDeferred > 0 ? shipStatusDeferred : null,
      last_success_at: ctx.startedAt,
      last_error: null,
      next_due_at: new Date(Date.now() + REFRESH_EVERY_MS).toISOString(),
    });
    await publishChanges(ctx);
    return { requests: client.requests, shipStatusDeferred };
  } catch (error) {
    await publishChanges(ctx);
    const retryIn = error instanceof RetryLaterError ? error.seconds * 1000 : REFRESH_EVERY_MS;
    await updateSyncState(app.db, account, {
      phase: null,
      last_error: describeSyncError(error),
      next_due_at: new Date(Date.now() + retryIn).toISOString(),
    });
    app.log.warn({ userId: user.id, reason: describeSyncError(error) }, 'GitHub sync failed');
    throw error;
  }
}
