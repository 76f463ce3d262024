import { RequestError } from '@octokit/request-error';
import { pageSizes } from '@shipdeck/shared/constants';
import { TEAMS_SCOPE_NOTICE } from '@shipdeck/shared/teams';
import type { FastifyInstance } from 'fastify';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { nowIso } from '../../lib/clock.js';
import { findUserById } from '../auth/users.repository.js';
import type { UserRow } from '../auth/users.table.js';
import { findSyncState, updateSyncState } from '../connections/sync-state.repository.js';
import { githubClientFor } from '../github-client/github-client.js';
import { openSyncClient, type ConditionalAnswer } from '../github-client/github-sync-client.js';
import {
  parseTeamMembers,
  parseTeamRepositories,
  parseTeams,
} from '../github-store/github-teams-wire.js';
import {
  findTeamSync,
  saveTeamMembers,
  saveTeamPullDetails,
  saveTeamRepositories,
  saveTeamSync,
  saveViewerTeams,
  viewerTeamRepositoryIds,
  viewerTeamsToRead,
} from '../github-store/github-teams.repository.js';
import { parseSearch, searchItemRow } from '../github-store/github-wire.js';
import {
  repositoryIdsByFullName,
  savePullRequests,
} from '../github-store/github-store.repository.js';
import { readShipStatesByGraphql } from '../ship-status/graphql-ship-states.js';
import { saveShipStatesWithHeads } from '../ship-status/ship-state.repository.js';
import type { PullRequestAfter } from './sync-change-notifications.js';
import { notifyPullRequestChanges, pullRequestsBefore } from './sync-change-notifications.js';
import type { SyncContext } from './sync-context.js';
import { describeSyncError, publishChanges, syncStateKey } from './sync-context.js';

/** GitHub's search stops at 1,000 results: 10 pages of 100. */
const SEARCH_PAGES = 10;

function hasNext(link: string | null): boolean {
  return link !== null && /rel="next"/.test(link);
}

/** Every page of a list whose first page answered 200 (the later pages are not conditional). */
async function restOfPages(
  ctx: SyncContext,
  route: string,
  params: Record<string, unknown>,
  first: ConditionalAnswer,
): Promise<unknown[]> {
  const items: unknown[] = Array.isArray(first.data) ? [...(first.data as unknown[])] : [];
  let link = first.link;
  for (let page = 2; hasNext(link); page++) {
    const answer = await ctx.client.get(route, { ...params, page }, null);
    if (Array.isArray(answer.data)) items.push(...(answer.data as unknown[]));
    link = answer.link;
  }
  return items;
}

/** A 403/404 that is not a rate limit (those arrive as waits): the token lacks the scope. */
function isScopeRefusal(error: unknown): boolean {
  return error instanceof RequestError && (error.status === 403 || error.status === 404);
}

/** `GET /user/teams`: true when the list changed (or a full pass re-reads the teams' lists). */
async function syncTeamList(ctx: SyncContext): Promise<boolean> {
  const stored = await findTeamSync(ctx.app.db, ctx.userId);
  const params = { per_page: pageSizes.providerMax };
  let answer: ConditionalAnswer;
  try {
    // Without a notice last time, the stored validator stands for the stored teams.
    answer = await ctx.client.get(
      'GET /user/teams',
      params,
      stored && stored.notice === null ? stored.etag : null,
    );
  } catch (error) {
    if (!isScopeRefusal(error)) throw error;
    // No error for the sync status: the team pages say what to add instead.
    await saveViewerTeams(ctx.app.db, ctx.userId, [], ctx.startedAt);
    await saveTeamSync(ctx.app.db, ctx.userId, {
      etag: null,
      notice: TEAMS_SCOPE_NOTICE,
      syncedAt: ctx.startedAt,
    });
    return false;
  }
  if (answer.status === 304) {
    await saveTeamSync(ctx.app.db, ctx.userId, {
      etag: stored?.etag ?? answer.etag,
      notice: null,
      syncedAt: ctx.startedAt,
    });
    return ctx.full;
  }
  const teams = parseTeams(await restOfPages(ctx, 'GET /user/teams', params, answer));
  await saveViewerTeams(ctx.app.db, ctx.userId, teams, ctx.startedAt);
  await saveTeamSync(ctx.app.db, ctx.userId, {
    etag: answer.etag,
    notice: null,
    syncedAt: ctx.startedAt,
  });
  ctx.changed.add('teams');
  return true;
}

/** Each team's members and repositories, conditionally: an unchanged team costs two 304s. */
async function syncTeamLists(ctx: SyncContext): Promise<void> {
  for (const team of await viewerTeamsToRead(ctx.app.db, ctx.userId)) {
    const params = { org: team.org_login, team_slug: team.slug, per_page: pageSizes.providerMax };
    const membersRoute = 'GET /orgs/{org}/teams/{team_slug}/members';
    const members = await ctx.client.get(membersRoute, params, team.members_etag);
    if (members.status === 200) {
      const all = parseTeamMembers(await restOfPages(ctx, membersRoute, params, members));
      await saveTeamMembers(ctx.app.db, team.id, all, members.etag);
      ctx.changed.add('teams');
    }
    const reposRoute = 'GET /orgs/{org}/teams/{team_slug}/repos';
    const repos = await ctx.client.get(reposRoute, params, team.repositories_etag);
    if (repos.status === 200) {
      const all = parseTeamRepositories(await restOfPages(ctx, reposRoute, params, repos));
      await saveTeamRepositories(ctx.app.db, team.id, all, repos.etag);
      ctx.changed.add('teams');
    }
  }
}

/**
 * The open pull requests of the teams' repositories: one search per organisation, whose page 1 is
 * asked conditionally (an unchanged organisation costs one 304). Returns the ids of pull requests
 * that are new or changed since they were stored, for the team pass to read.
 */
async function syncTeamPullRequests(ctx: SyncContext): Promise<number[]> {
  const { orgs, repositoryIds } = await viewerTeamRepositoryIds(ctx.app.db, ctx.userId);
  const changed: number[] = [];
  for (const org of orgs) {
    const key = syncStateKey(ctx.userId, `team-pulls:${org.toLowerCase()}`);
    const state = await findSyncState(ctx.app.db, key);
    const params = {
      q: `is:pr is:open org:${org}`,
      sort: 'updated',
      order: 'desc',
      per_page: pageSizes.providerMax,
    };
    const first = await ctx.client.get('GET /search/issues', { ...params, page: 1 }, state?.etag);
    if (first.status === 304) continue;
    const items = [...parseSearch(first.data).items];
    let link = first.link;
    for (let page = 2; page <= SEARCH_PAGES && hasNext(link); page++) {
      const answer = await ctx.client.get('GET /search/issues', { ...params, page }, null);
      items.push(...parseSearch(answer.data).items);
      link = answer.link;
    }
    const name = (url: string) => url.split('/repos/')[1] ?? '';
    const ids = await repositoryIdsByFullName(
      ctx.app.db,
      ctx.userId,
      items.map((item) => name(item.repository_url)),
    );
    const rows = items.flatMap((item) => {
      const repositoryId = ids.get(name(item.repository_url));
      return repositoryId !== undefined && repositoryIds.has(repositoryId)
        ? [searchItemRow(item, repositoryId, ctx.startedAt)]
        : [];
    });
    const before = new Map(
      rows.length === 0
        ? []
        : (
            await ctx.app.db
              .selectFrom('github_pull_requests')
              .select(['id', 'updated_at', 'mergeable'])
              .where(
                'id',
                'in',
                rows.map((row) => Number(row.id)),
              )
              .execute()
          ).map((row) => [Number(row.id), row]),
    );
    for (const row of rows) {
      const stored = before.get(Number(row.id));
      if (!stored || stored.updated_at !== row.updated_at || stored.mergeable === null)
        changed.push(Number(row.id));
    }
    await savePullRequests(ctx.app.db, rows, 'search');
    // A complete listing closes what it no longer finds open (merged or closed meanwhile).
    if (!hasNext(link) && repositoryIds.size > 0) {
      const open = rows.map((row) => Number(row.id));
      let closing = ctx.app.db
        .updateTable('github_pull_requests')
        .set({ state: 'closed' })
        .where('state', '=', 'open')
        .where('repository_id', 'in', [...repositoryIds])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('github_repositories')
              .select('github_repositories.id')
              .whereRef('github_repositories.id', '=', 'github_pull_requests.repository_id')
              .where('github_repositories.owner_login', '=', org),
          ),
        );
      if (open.length > 0) closing = closing.where('id', 'not in', open);
      await closing.execute();
    }
    await updateSyncState(ctx.app.db, key, { etag: first.etag, last_success_at: ctx.startedAt });
    if (rows.length > 0) ctx.changed.add('pull-requests');
  }
  return changed;
}

/**
 * Head, review, checks, who is asked, reviews and conflicts of these pull requests (GraphQL). A
 * reviewer asked since the row was last described is told here, as the pull list would: the team
 * pass may read the request first, and the list finds nothing new once this stored it.
 */
async function syncTeamPullDetails(ctx: SyncContext, user: UserRow, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const pulls = await ctx.app.db
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
      'github_pull_requests.title',
      'github_pull_requests.merged_at',
      'github_pull_requests.author_login',
      'github_pull_requests.updated_at',
      'github_repositories.owner_login',
      'github_repositories.name',
    ])
    .where('github_pull_requests.id', 'in', ids)
    .execute();
  const octokit = await githubClientFor(ctx.app, user);
  ctx.client.govern(octokit);
  const states = await readShipStatesByGraphql(octokit, pulls, {
    withReviews: false,
    withTeamFields: true,
  });
  // Read before the heads and reviewers below are written: a request is new against these.
  const before = await pullRequestsBefore(
    ctx.app.db,
    pulls.map((pull) => Number(pull.id)),
  );
  const heads: Parameters<typeof saveShipStatesWithHeads>[1][number][] = [];
  const details: Parameters<typeof saveTeamPullDetails>[1][number][] = [];
  const asked: PullRequestAfter[] = [];
  for (const pull of pulls) {
    const state = states.get(String(pull.id));
    if (!state) continue;
    heads.push({
      pullRequestId: Number(pull.id),
      repositoryId: Number(pull.repository_id),
      headSha: state.headSha,
      review: state.review,
      checks: state.checks,
    });
    if (!state.team) continue;
    details.push({ pullRequestId: Number(pull.id), ...state.team });
    asked.push({
      id: Number(pull.id),
      repository_id: Number(pull.repository_id),
      number: pull.number,
      title: pull.title,
      merged_at: pull.merged_at,
      author_login: pull.author_login,
      updated_at: pull.updated_at,
      requested_reviewers: JSON.stringify(state.team.requestedReviewers),
    });
  }
  await saveShipStatesWithHeads(ctx.app.db, heads);
  await saveTeamPullDetails(ctx.app.db, details, ctx.startedAt);
  await notifyPullRequestChanges(ctx.app, before, asked, 'team');
}

/**
 * The teams GitHub lists for this person (issue 36): the list, each team's members and
 * repositories, and the open pull requests of those repositories with what the waiting-on rules
 * and review load need. A token without `read:org` (or classic `repo`/`user`) gets a notice, not
 * an error. A rate limit is the sync's wait; anything else leaves the stored teams as they were
 * and is logged, so the rest of the sync still counts as a success.
 */
export async function syncTeams(ctx: SyncContext, user: UserRow): Promise<void> {
  try {
    const listed = await syncTeamList(ctx);
    if (listed) await syncTeamLists(ctx);
    const changed = await syncTeamPullRequests(ctx);
    await syncTeamPullDetails(ctx, user, changed);
  } catch (error) {
    if (error instanceof RetryLaterError) throw error;
    ctx.app.log.warn(
      { userId: ctx.userId, reason: describeSyncError(error) },
      'GitHub teams not refreshed',
    );
  }
}

/** The sync_state resource whose last success is the teams' last full pass. */
const TEAMS_FULL_RESOURCE = 'teams-full';
const TEAMS_FULL_EVERY_MS = 60 * 60_000;

/**
 * The team pass as a job of its own, queued after each account sync (the account sync's request
 * budget and its phases stay as they were): members and repositories are read again (as 304s) on
 * the first pass and hourly.
 */
export async function syncGithubTeams(
  app: FastifyInstance,
  data: { userId: string },
): Promise<{ requests: number }> {
  const user = await findUserById(app.db, data.userId);
  if (!user?.github_login) return { requests: 0 };
  const client = await openSyncClient(app, user.id, user.github_login);
  if (!client) return { requests: 0 };
  const fullKey = syncStateKey(user.id, TEAMS_FULL_RESOURCE);
  const last = await findSyncState(app.db, fullKey);
  const full =
    !last?.last_success_at || Date.parse(last.last_success_at) <= Date.now() - TEAMS_FULL_EVERY_MS;
  const ctx: SyncContext = {
    app,
    userId: user.id,
    client,
    full,
    startedAt: nowIso(),
    changed: new Set(),
    changedRepositories: new Set(),
    listedPullRepositories: new Set(),
  };
  try {
    await syncTeams(ctx, user);
    if (full) await updateSyncState(app.db, fullKey, { last_success_at: ctx.startedAt });
  } finally {
    await publishChanges(ctx);
  }
  return { requests: client.requests };
}
