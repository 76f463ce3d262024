import type { FastifyInstance } from 'fastify';
import { pageSizes } from '@shipdeck/shared/constants';
import { RequestError } from '@octokit/request-error';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { refreshPlannerStatistics } from '../../db/refresh-planner-statistics.js';
import { nowIso } from '../../lib/clock.js';
import type { Octokit } from '@octokit/rest';
import { findUserById } from '../auth/users.repository.js';
import type { UserRow } from '../auth/users.table.js';
import { githubClientFor } from '../github-client/github-client.js';
import { GraphqlUnavailableError } from '../ship-status/graphql-ship-states.js';
import { findSyncState, updateSyncState } from '../connections/sync-state.repository.js';
import { lastPageFromLink } from '../github-client/link-pagination.js';
import {
  clearReviewRequests,
  clearReviewRequestsExcept,
  confirmAccess,
  confirmInvolvement,
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
  pushAccessOf,
  parseSearch,
  pullRow,
  repositoryRow,
  searchItemRow,
  type SearchItem,
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
import type { RunCursor } from './sync-cursors.js';
import {
  parseCursor,
  readPhaseCursor,
  recordWait,
  runCursorOf,
  writePhaseCursor,
} from './sync-cursors.js';
import { SHIP_STATUS_PHASE, shipStatePullsDue, syncShipStates } from './sync-ship-states.js';
import { searchPullsByGraphql } from './graphql-involvement-search.js';

/** The sync_state resource whose last success is the last full refresh. */
const FULL_REFRESH_RESOURCE = 'full-refresh';

/** GitHub's search serves at most the first 1,000 results of a query (10 pages of 100). */
const SEARCH_CAP = 1000;

const key = syncStateKey;

/** The repository list's cursor: the next page to read, or null once the listing is complete. */
const repositoriesCursorSchema = z.object({
  run: z.string(),
  next: z.number().int().positive().nullable(),
  lastPage: z.number().int().positive(),
  done: z.number().int().nonnegative(),
});
/** What one repository page listed last time, so a 304 can confirm it without its body. */
const repositoryPageSchema = z.object({ ids: z.array(z.number()), hasNext: z.boolean() });

const repositoryPageResource = (page: number) => `repositories:page:${page}`;

/**
 * Every repository the user can see, 100 a page through Link headers, most recently pushed
 * first, each page asked conditionally on its own ETag: an unchanged page is a free 304 that
 * confirms the repositories it listed last time. A refresh stops at page 1's 304 (nothing was
 * pushed or changed); a full refresh reads every page, so access lost further down is noticed.
 * The next page to read is kept in the store: a wait resumes there.
 *
 * The next page is asked for while this one is stored: requests still go out one at a time (as
 * GitHub asks of a client), but a page's round trip no longer waits for the previous page's
 * writes, which took about as long as the round trip itself (issue 33: about 110 ms against
 * 175 ms a page for 51 pages, on PostgreSQL at a load average of 9). Those writes (the rows, the
 * page's ETag and ids, the progress and the cursor) are one transaction: one commit a page.
 */
async function syncRepositories(ctx: SyncContext): Promise<void> {
  const { cursor } = await readPhaseCursor(ctx, 'repositories', repositoriesCursorSchema);
  if (cursor && cursor.next === null) return;
  const params = {
    per_page: pageSizes.providerMax,
    sort: 'pushed',
    direction: 'desc',
    affiliation: 'owner,collaborator,organization_member',
  };
  const fetchPage = async (page: number) => {
    const pageState = await findSyncState(
      ctx.app.db,
      key(ctx.userId, repositoryPageResource(page)),
    );
    const known = parseCursor(pageState, repositoryPageSchema);
    // Without the ids it listed, a 304 could not confirm anything: ask unconditionally.
    const etag = known ? pageState?.etag : null;
    const answer = await ctx.client.get('GET /user/repos', { ...params, page }, etag);
    return { known, answer };
  };
  let lastPage = cursor?.lastPage ?? 1;
  let done = cursor?.done ?? 0;
  let ahead = fetchPage(cursor?.next ?? 1);
  for (let page = cursor?.next ?? 1; ; page += 1) {
    const { known, answer } = await ahead;
    const unchanged = answer.status === 304 && known !== null;
    if (unchanged && page === 1 && !ctx.full) {
      await writePhaseCursor(ctx.app.db, ctx, 'repositories', {
        run: ctx.startedAt,
        next: null,
        lastPage,
        done,
      });
      return;
    }
    const hasNext = unchanged
      ? known.hasNext
      : Boolean(answer.link && /rel="next"/.test(answer.link));
    if (hasNext) {
      ahead = fetchPage(page + 1);
      // Awaited on the next turn; a wait or failure there must not go unhandled meanwhile
      // (this page's writes finish first, and its cursor then names the page to resume at).
      ahead.catch(() => undefined);
    }
    // Where the listing stands after this page: its progress, and the page to resume at.
    const notePlace = async (db: Db) => {
      const total = hasNext ? Math.max(lastPage, page + 1) * pageSizes.providerMax : done;
      await reportProgress(ctx, 'repositories', done, total, db);
      await writePhaseCursor(db, ctx, 'repositories', {
        run: ctx.startedAt,
        next: hasNext ? page + 1 : null,
        lastPage,
        done,
      });
    };
    if (unchanged) {
      await confirmAccess(ctx.app.db, ctx.userId, known.ids, ctx.startedAt);
      done += known.ids.length;
      await notePlace(ctx.app.db);
    } else {
      ctx.changed.add('repositories').add('repository').add('stats');
      const repos = parseRepositories(answer.data);
      done += repos.length;
      lastPage = lastPageFromLink(answer.link ?? undefined) ?? Math.max(lastPage, page);
      await saveRepositoryPage(
        ctx.app.db,
        ctx.userId,
        repos.map((repo) => repositoryRow(repo, ctx.startedAt)),
        ctx.startedAt,
        async (trx) => {
          await writePhaseCursor(
            trx,
            ctx,
            repositoryPageResource(page),
            { ids: repos.map((repo) => repo.id), hasNext },
            { etag: answer.etag, last_success_at: ctx.startedAt },
          );
          await notePlace(trx);
        },
        pushAccessOf(repos),
      );
    }
    if (!hasNext) break;
  }
  await dropUnconfirmedAccess(ctx.app.db, ctx.userId, ctx.startedAt);
  await updateSyncState(ctx.app.db, key(ctx.userId, 'repositories'), {
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
 * GraphQL for the slices after page 1 (issue 33): an Octokit under the sync client's budget,
 * made on first use, and whether this GitHub answers GraphQL (a GHES without it: REST throughout).
 */
interface SliceReader {
  octokit: () => Promise<Octokit>;
  available: boolean;
}

/**
 * A search's cursor: the `updated:<=` slice (null: the plain query) and page to read next, the
 * ids found so far (so ties re-read at a slice boundary count once), the newest update this run
 * saw first, and `mark`, the newest update of the last complete pass: a refresh reads down to it.
 */
const searchCursorSchema = z.object({
  run: z.string().nullable(),
  slice: z.string().nullable(),
  page: z.number().int().positive(),
  found: z.array(z.number()),
  top: z.string().nullable(),
  done: z.boolean(),
  mark: z.string().nullable(),
  /** The plain query's result count, for progress while slices are read. */
  total: z.number().int().nonnegative().optional(),
  /**
   * Page 1's ETag as the last complete full pass read it. A full pass asks with this one, not
   * the last refresh's: a 304 must mean nothing changed since what the full pass confirmed (a
   * refresh in between sees an involvement end but cannot drop it).
   */
  fullEtag: z.string().nullable().optional(),
  /** What the last complete full pass found: what a 304 to the next full pass confirms. */
  fullFound: z.array(z.number()).nullable().optional(),
  /** This full pass's page-1 ETag, which becomes `fullEtag` once the pass is complete. */
  pendingFullEtag: z.string().nullable().optional(),
  /** A GraphQL slice's `endCursor`, when the slice goes on past its first page of 100. */
  after: z.string().nullable().optional(),
});
type SearchCursor = z.infer<typeof searchCursorSchema>;

/**
 * Pull requests a search finds, 100 a page, newest update first, stored with how they involve
 * the user. Past the 1,000-result cap the query continues with `updated:<=` the oldest update
 * seen: pull requests sharing that time are read again rather than lost, and counted once. Page 1
 * is asked conditionally: a 304 says nothing the search lists changed (a change moves a pull
 * request to the top, one that leaves changes the count). A refresh stops below the newest update
 * of the last complete pass; a full one reads every page. Where it stands is kept in the store
 * after each page, so a wait resumes at the same slice and page. Answers the ids found, or null
 * when a 304 said nothing changed.
 */
async function searchPullRequests(
  ctx: SyncContext,
  search: PullSearch,
  slices: SliceReader,
): Promise<number[] | null> {
  const state = await findSyncState(ctx.app.db, key(ctx.userId, search.resource));
  const stored = parseCursor(state, searchCursorSchema);
  let cursor: SearchCursor =
    stored && stored.run === ctx.startedAt
      ? stored
      : {
          run: ctx.startedAt,
          slice: null,
          page: 1,
          found: [],
          top: null,
          done: false,
          mark: stored?.mark ?? null,
          fullEtag: stored?.fullEtag ?? null,
          fullFound: stored?.fullFound ?? null,
        };
  if (cursor.done) return cursor.found;
  const stopBelow = ctx.full
    ? null
    : (cursor.mark ?? (await newestInvolvedUpdate(ctx.app.db, ctx.userId)));
  const found = new Set(cursor.found);
  const save = async (
    next: Partial<SearchCursor>,
    extra: Parameters<typeof writePhaseCursor>[4] = {},
  ) => {
    cursor = { ...cursor, ...next, found: [...found] };
    await writePhaseCursor(ctx.app.db, ctx, search.resource, cursor, extra);
  };
  for (;;) {
    const first = cursor.page === 1 && cursor.slice === null;
    // A full pass may trust a 304 only when it knows what the last full pass confirmed.
    const etag = ctx.full ? (cursor.fullFound ? cursor.fullEtag : null) : state?.etag;
    const query = cursor.slice === null ? search.base : `${search.base} updated:<=${cursor.slice}`;
    // Page 1 stays REST, asked conditionally (a free 304 on refresh, the ETag a full pass
    // compares with); the slices after it go by GraphQL, paced by the graphql window instead of
    // search's 30 a minute. A slice's later pages need its endCursor; without one, REST's page.
    let page: { total: number; items: SearchItem[]; endCursor: string | null; etag: string | null };
    if (!first && slices.available && (cursor.page === 1 || cursor.after)) {
      try {
        const read = await searchPullsByGraphql(
          await slices.octokit(),
          query,
          cursor.page === 1 ? null : (cursor.after ?? null),
        );
        page = { ...read, etag: null };
      } catch (error) {
        if (!(error instanceof GraphqlUnavailableError)) throw error;
        ctx.app.log.info(
          { userId: ctx.userId, reason: error.message },
          'GitHub GraphQL unavailable; involvement search slices read through REST',
        );
        slices.available = false;
        continue;
      }
    } else {
      const answer = await ctx.client.get(
        'GET /search/issues',
        {
          q: query,
          sort: 'updated',
          order: 'desc',
          per_page: pageSizes.providerMax,
          page: cursor.page,
        },
        first ? etag : null,
      );
      if (answer.status === 304) {
        if (!ctx.full) {
          await save({ done: true });
          return null;
        }
        // Nothing changed since the last full pass: what it found still holds.
        const still = cursor.fullFound ?? [];
        await confirmInvolvement(ctx.app.db, ctx.userId, still, ctx.startedAt);
        for (const id of still) found.add(id);
        await save({ done: true }, { last_success_at: ctx.startedAt });
        return [...found];
      }
      const parsed = parseSearch(answer.data);
      page = { total: parsed.total_count, items: parsed.items, endCursor: null, etag: answer.etag };
    }
    const { total: totalCount, items } = page;
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
    for (const { item } of known) found.add(item.id);
    const top = first ? (items[0]?.updated_at ?? null) : cursor.top;
    const firstEtag = first ? { etag: page.etag } : {};
    if (first && ctx.full) cursor.pendingFullEtag = page.etag;
    if (first) cursor.total = totalCount;
    if (search.reports) {
      const total = Math.max(found.size, cursor.total ?? totalCount);
      await reportProgress(ctx, 'pull-requests', found.size, total);
    }
    const oldest = items.at(-1)?.updated_at;
    const complete =
      !oldest ||
      items.length < pageSizes.providerMax ||
      (stopBelow !== null && oldest < stopBelow) ||
      // This query has nothing past this page (a slice's count is what lies below it).
      cursor.page * pageSizes.providerMax >= totalCount ||
      cursor.page * pageSizes.providerMax >= SEARCH_CAP;
    if (complete) {
      await save(
        {
          top,
          done: true,
          mark: top ?? cursor.mark,
          fullEtag: ctx.full ? (cursor.pendingFullEtag ?? null) : cursor.fullEtag,
          fullFound: ctx.full ? [...found] : cursor.fullFound,
        },
        { ...firstEtag, last_success_at: ctx.startedAt },
      );
      return [...found];
    }
    // Keyset, not offset: the next page is the slice below the oldest update seen, ties
    // included (read again, counted once). A pull request updated meanwhile moves above every
    // slice instead of shifting one across a page boundary, so none is skipped; the next
    // refresh reads it. Only a page that is all one update time goes on by page number.
    if (oldest === (cursor.slice ?? items[0]?.updated_at) && items[0]?.updated_at === oldest) {
      await save({ top, slice: oldest, page: cursor.page + 1, after: page.endCursor }, firstEtag);
    } else {
      await save({ top, slice: oldest, page: 1, after: null }, firstEtag);
    }
  }
}

/**
 * Pull requests involving the user (author, assignee, mentioned, commenter). A full refresh also
 * asks who requested the user's review, which `involves:` does not cover on GitHub, and clears
 * every review request it did not list.
 */
async function syncPullRequests(ctx: SyncContext, user: UserRow): Promise<void> {
  const login = ctx.client.login;
  let octokit: Octokit | null = null;
  const slices: SliceReader = {
    available: true,
    octokit: async () => {
      if (!octokit) {
        octokit = await githubClientFor(ctx.app, user);
        ctx.client.govern(octokit);
      }
      return octokit;
    },
  };
  await searchPullRequests(
    ctx,
    {
      base: 'is:pr involves:@me',
      resource: 'pull-requests',
      flags: ['is_author', 'is_assignee'],
      involvement: (item) => ({
        is_author: item.user?.login === login ? 1 : 0,
        is_assignee: (item.assignees ?? []).some((a) => a.login === login) ? 1 : 0,
        is_review_requested: 0,
      }),
      reports: true,
    },
    slices,
  );
  if (!ctx.full) return;
  const requested = await searchPullRequests(
    ctx,
    {
      base: 'is:pr review-requested:@me',
      resource: 'review-requests',
      flags: ['is_review_requested'],
      involvement: () => ({ is_author: 0, is_assignee: 0, is_review_requested: 1 }),
      reports: false,
    },
    slices,
  );
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
  const { cursor } = await readPhaseCursor(ctx, 'recent-repositories', recentCursorSchema);
  const finished = new Set(cursor?.done ?? []);
  let done = finished.size;
  for (const repo of repositories) {
    const [owner, name] = [repo.owner_login, repo.name];
    const repositoryId = Number(repo.id);
    if (finished.has(repositoryId)) {
      ctx.listedPullRepositories.add(repositoryId);
      continue;
    }
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
    finished.add(repositoryId);
    await writePhaseCursor(ctx.app.db, ctx, 'recent-repositories', {
      run: ctx.startedAt,
      done: [...finished],
    });
    await reportProgress(ctx, 'commits', done, repositories.length);
  }
}

/** The recently pushed repositories whose commits and pulls this run has read. */
const recentCursorSchema = z.object({ run: z.string(), done: z.array(z.number()) });

export interface SyncOutcome {
  /** Upstream requests this sync made. */
  requests: number;
  /**
   * Open pull requests whose review and checks an initial sync left to a job of their own,
   * to be queued right after it: the first sync stays within its request budget (issue 8).
   */
  shipStatusDeferred: number;
}

/** A run older than this is not resumed but started again (its reads are no longer news). */
const RUN_RESUMABLE_MS = 24 * 60 * 60_000;

/**
 * One sync of a user's GitHub data into the store. Idempotent (jobs are delivered at least once):
 * every write is an upsert keyed by GitHub's ids. A run stopped by a rate limit is a wait: its
 * cursors stay in the store, the status says what it waits for and until when, and the job, put
 * back for then, goes on from where it stopped (on any instance), never re-reading a finished
 * phase.
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
  const account = key(user.id, ACCOUNT_RESOURCE);
  const wantsFull = data.reason !== 'refresh' || fullDue;
  const under = runCursorOf(await findSyncState(app.db, account));
  // A run under way goes on, unless it is stale or this sync must read more than it does.
  const resumed =
    under !== null &&
    Date.parse(under.run) > Date.now() - RUN_RESUMABLE_MS &&
    (under.full || !wantsFull)
      ? under
      : null;
  const ctx: SyncContext = {
    app,
    userId: user.id,
    client,
    full: resumed ? resumed.full : wantsFull,
    startedAt: resumed ? resumed.run : nowIso(),
    changed: new Set(),
    changedRepositories: new Set(),
    listedPullRepositories: new Set(),
  };
  const run: RunCursor = { run: ctx.startedAt, full: ctx.full, wait: null };
  await updateSyncState(app.db, account, {
    last_attempt_at: nowIso(),
    cursor: JSON.stringify(run),
  });
  try {
    // A first sync fills the tables from empty: each list is planned from their real size at once.
    const filled = (tables: Parameters<typeof refreshPlannerStatistics>[1]) =>
      data.reason === 'initial' ? refreshPlannerStatistics(app.database, tables) : undefined;
    await syncRepositories(ctx);
    await filled(['github_repositories', 'github_repository_access']);
    await syncPullRequests(ctx, user);
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
      cursor: null,
      next_due_at: new Date(Date.now() + REFRESH_EVERY_MS).toISOString(),
    });
    await publishChanges(ctx);
    return { requests: client.requests, shipStatusDeferred };
  } catch (error) {
    await publishChanges(ctx);
    if (error instanceof RetryLaterError) {
      await recordWait(app.db, account, run, error);
      app.log.info(
        { userId: user.id, seconds: error.seconds, reason: error.message },
        'GitHub sync waits',
      );
      throw error;
    }
    await updateSyncState(app.db, account, {
      phase: null,
      last_error: describeSyncError(error),
      // The retry starts afresh: a failure is not a wait, and what it read may be why.
      cursor: null,
      next_due_at: new Date(Date.now() + REFRESH_EVERY_MS).toISOString(),
    });
    app.log.warn({ userId: user.id, reason: describeSyncError(error) }, 'GitHub sync failed');
    throw error;
  }
}
