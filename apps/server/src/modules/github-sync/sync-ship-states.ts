import type { Octokit } from '@octokit/rest';
import type { FastifyInstance } from 'fastify';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { nowIso } from '../../lib/clock.js';
import { findUserById } from '../auth/users.repository.js';
import type { UserRow } from '../auth/users.table.js';
import { githubClientFor } from '../github-client/github-client.js';
import type { PullRequestShipState } from '../ship-status/fetch-ship-state.js';
import { z } from 'zod';
import { findSyncState, updateSyncState } from '../connections/sync-state.repository.js';
import { openSyncClient } from '../github-client/github-sync-client.js';
import {
  GRAPHQL_PULLS_PER_QUERY,
  GraphqlUnavailableError,
  readShipStatesByGraphql,
  type GraphqlShipState,
} from '../ship-status/graphql-ship-states.js';
import { readPullHead } from '../github-store/read-pull-head.js';
import { refreshShipState } from '../ship-status/refresh-ship-state.js';
import {
  openPullsForShipState,
  openPullsRerunBy,
  parseLogins,
  saveShipStatesWithHeads,
} from '../ship-status/ship-state.repository.js';
import { notifyFailingChecks, notifyNewReview } from './sync-change-notifications.js';
import { clearChecksRerunRead } from '../pull-request-actions/checks-rerun.repository.js';
import { notifySettledChecksReruns } from '../pull-request-actions/checks-rerun-outcome.js';
import { ACCOUNT_RESOURCE, SHIP_STATE_PULLS } from './sync-constants.js';
import type { SyncContext } from './sync-context.js';
import { parseCursor, recordWait, writePhaseCursor } from './sync-cursors.js';
import { describeSyncError, publishChanges, reportProgress, syncStateKey } from './sync-context.js';
import { saveMergeFacts } from '../github-store/merge-facts.repository.js';

/** The account phase while ship status is still to come (the pages say it is not known yet). */
export const SHIP_STATUS_PHASE = 'ship-status';
/** The sync_state resource holding the deferred pass's pull requests still to ask for. */
const SHIP_STATUS_RESOURCE = 'ship-status';
const pendingSchema = z.object({ pending: z.array(z.number()), total: z.number() });

/** How many open pull requests the next ship-status pass will look at (none: nothing to do). */
export async function shipStatePullsDue(app: FastifyInstance, userId: string): Promise<number> {
  return (await openPullsForShipState(app.db, userId, null)).length;
}

/**
 * Review and checks of the user's open pull requests, and of any other open one whose re-run of
 * failed checks the user asked for and is still pending. GitHub's GraphQL API reads them 100 to a
 * query (about one point): every one on a full pass (the initial sync's, and hourly), otherwise
 * the most recently updated and any never read, which one query covers; webhooks carry the rest
 * of the news. Where GraphQL is unavailable or failing, conditional REST reads of the same pull
 * requests do (an unchanged pull request costs 304s, free of rate limit). Both are held to the
 * sync's budget: the deferred pass keeps the pull requests still to ask for in the store on
 * either path and goes on with them after a wait; a refresh's pass the budget cuts short leaves
 * them to the next sync. One pull request failing leaves its stored state as it was.
 */
export async function syncShipStates(
  ctx: SyncContext,
  user: UserRow,
  options: {
    /** False for a first sync's own pass: what it reads is history, not news. */
    notify: boolean;
    /** The sync that queued this pass listed the pulls just before: stored heads are current. */
    storedHeadsCurrent: boolean;
    /**
     * The deferred pass keeps the pull requests still to ask for in the store and goes on with
     * them after a wait (the error reaches the job); a refresh's pass ends at a wait instead.
     */
    resumable?: boolean;
  } = { notify: true, storedHeadsCurrent: false },
): Promise<void> {
  const involved = await openPullsForShipState(ctx.app.db, ctx.userId, null);
  // Re-runs the user asked for on pull requests they are not involved in: this read is what ends
  // their "Re-running" when no webhook comes. Appended, so a refresh's most recently updated
  // involved pull requests stay the ones it reads first (a marked one is due anyway).
  const ids = new Set(involved.map((pull) => Number(pull.id)));
  let every = [
    ...involved,
    ...(await openPullsRerunBy(ctx.app.db, ctx.userId)).filter((pull) => !ids.has(Number(pull.id))),
  ];
  const cursorKey = syncStateKey(ctx.userId, SHIP_STATUS_RESOURCE);
  const pending = options.resumable
    ? parseCursor(await findSyncState(ctx.app.db, cursorKey), pendingSchema)
    : null;
  if (pending) {
    const still = new Set(pending.pending);
    every = every.filter((pull) => still.has(Number(pull.id)));
  }
  if (every.length === 0) return;
  const octokit = await githubClientFor(ctx.app, user);
  ctx.client.govern(octokit);
  const wide = ctx.full || options.storedHeadsCurrent;
  const due = wide
    ? every
    : every.filter(
        (pull, index) =>
          index < SHIP_STATE_PULLS ||
          pull.review_state === null ||
          pull.checks_state === null ||
          // A re-run asked for: this sync's read ends its "Re-running".
          pull.checks_rerun_at !== null,
      );
  const left = new Set(due.map((pull) => Number(pull.id)));
  const total = pending ? pending.total : due.length;
  try {
    // 100 to a query, each stored as it comes: a wait loses none of what was read.
    for (let start = 0; start < due.length; start += GRAPHQL_PULLS_PER_QUERY) {
      const chunk = due.slice(start, start + GRAPHQL_PULLS_PER_QUERY);
      const readAt = nowIso();
      const states = await readShipStatesByGraphql(octokit, chunk, {
        withReviews: options.notify,
      });
      await storeGraphqlStates(ctx, chunk, states, options.notify);
      await clearChecksRerunRead(
        ctx.app.db,
        chunk.filter((pull) => states.has(String(pull.id))).map((pull) => Number(pull.id)),
        readAt,
      );
      // Who asked for a re-run this read settled hears how it went.
      await notifySettledChecksReruns(ctx.app, [
        ...new Set(chunk.map((pull) => Number(pull.repository_id))),
      ]);
      for (const pull of chunk) left.delete(Number(pull.id));
      if (options.resumable) {
        await writePhaseCursor(ctx.app.db, ctx, SHIP_STATUS_RESOURCE, {
          pending: [...left],
          total,
        });
      }
      await reportProgress(ctx, SHIP_STATUS_PHASE, total - left.size, total);
    }
    return;
  } catch (error) {
    if (error instanceof RetryLaterError) {
      if (!options.resumable) return;
      await writePhaseCursor(ctx.app.db, ctx, SHIP_STATUS_RESOURCE, { pending: [...left], total });
      throw error;
    }
    if (!(error instanceof GraphqlUnavailableError)) {
      ctx.app.log.warn(
        { userId: ctx.userId, reason: describeSyncError(error) },
        'GitHub ship states not refreshed',
      );
      return;
    }
    ctx.app.log.info(
      { userId: ctx.userId, reason: error.message },
      'GitHub GraphQL unavailable; ship states read through REST',
    );
  }
  // Only what GraphQL did not answer before it failed, with the same cursor and progress.
  await syncShipStatesByRest(
    ctx,
    octokit,
    due.filter((pull) => left.has(Number(pull.id))),
    options,
    { left, total },
  );
}

/** Stores what GraphQL answered, tells the news as the REST pass does, notes what changed. */
async function storeGraphqlStates(
  ctx: SyncContext,
  pulls: readonly ShipPull[],
  states: ReadonlyMap<string, GraphqlShipState>,
  notify: boolean,
): Promise<void> {
  const changes: Parameters<typeof saveShipStatesWithHeads>[1][number][] = [];
  for (const pull of pulls) {
    const state = states.get(String(pull.id));
    if (!state) continue;
    if (state.review !== pull.review_state || state.checks !== pull.checks_state) {
      ctx.changed.add('pull-requests');
    } else if (state.headSha === pull.head_sha) {
      continue;
    }
    changes.push({
      pullRequestId: Number(pull.id),
      repositoryId: Number(pull.repository_id),
      headSha: state.headSha,
      review: state.review,
      checks: state.checks,
    });
  }
  await saveShipStatesWithHeads(ctx.app.db, changes);
  // Merge settings and merge when ready came with the same answer (issue 37).
  await saveMergeFacts(
    ctx.app.db,
    pulls.flatMap((pull) => {
      const state = states.get(String(pull.id));
      return state
        ? [
            {
              pullRequestId: Number(pull.id),
              repositoryId: Number(pull.repository_id),
              autoMerge: state.autoMerge,
              repository: state.repository,
            },
          ]
        : [];
    }),
  );
  if (!notify) return;
  for (const pull of pulls) {
    const state = states.get(String(pull.id));
    if (!state) continue;
    // The dedupe keys make telling an unchanged state again a no-op, as on the REST pass.
    await notifyShipNews(ctx, { ...pull, head_sha: state.headSha }, state);
  }
}

/**
 * The REST pass: three conditional reads per pull request (and its head when not listed). The
 * deferred pass keeps the pull requests still to ask for in the store after each one, as the
 * GraphQL pass does after each query: a wait puts the job back and it goes on from there.
 */
async function syncShipStatesByRest(
  ctx: SyncContext,
  octokit: Octokit,
  pulls: readonly ShipPull[],
  options: { notify: boolean; storedHeadsCurrent: boolean; resumable?: boolean },
  progress: { left: Set<number>; total: number },
): Promise<void> {
  const { left, total } = progress;
  const keep = () =>
    writePhaseCursor(ctx.app.db, ctx, SHIP_STATUS_RESOURCE, { pending: [...left], total });
  for (const pull of pulls) {
    try {
      const listed =
        pull.head_sha !== null &&
        (options.storedHeadsCurrent || ctx.listedPullRepositories.has(Number(pull.repository_id)));
      const head = listed
        ? { sha: pull.head_sha ?? '', requestedReviewers: parseLogins(pull.requested_reviewers) }
        : await readPullHead(ctx.app.db, octokit, pull, ctx.startedAt);
      const readAt = nowIso();
      const state = await refreshShipState(ctx.app.db, octokit, pull, head);
      await clearChecksRerunRead(ctx.app.db, [Number(pull.id)], readAt);
      if (pull.checks_rerun_at !== null) {
        await notifySettledChecksReruns(ctx.app, [Number(pull.repository_id)]);
      }
      if (state.review !== pull.review_state || state.checks !== pull.checks_state) {
        ctx.changed.add('pull-requests');
      }
      if (options.notify) await notifyShipNews(ctx, pull, state);
    } catch (error) {
      // A spent budget ends this step for every pull request alike: the deferred pass waits
      // with the rest kept (this one included); a refresh's pass leaves them to the next sync.
      if (error instanceof RetryLaterError) {
        if (!options.resumable) break;
        await keep();
        throw error;
      }
      ctx.app.log.warn(
        { userId: ctx.userId, pullRequestId: Number(pull.id), reason: describeSyncError(error) },
        'GitHub ship state not refreshed',
      );
    }
    left.delete(Number(pull.id));
    if (options.resumable) await keep();
    await reportProgress(ctx, SHIP_STATUS_PHASE, total - left.size, total);
  }
}

type ShipPull = Awaited<ReturnType<typeof openPullsForShipState>>[number];

/** Failing checks and a new verdict, told as the webhooks would tell them. */
async function notifyShipNews(
  ctx: SyncContext,
  pull: ShipPull,
  state: PullRequestShipState,
): Promise<void> {
  if (state.checks === 'failing' && pull.head_sha) {
    await notifyFailingChecks(ctx.app, {
      repositoryId: Number(pull.repository_id),
      number: pull.number,
      headSha: pull.head_sha,
      previousChecks: pull.checks_state,
      createdAt: pull.created_at,
      updatedAt: pull.updated_at,
    });
  }
  if (state.latestReview) {
    await notifyNewReview(
      ctx.app,
      { repositoryId: Number(pull.repository_id), number: pull.number, title: pull.title },
      state.latestReview,
    );
  }
}

/**
 * The ship-status pass an initial sync leaves to the job queued right after it, so the first
 * sync stays within its request budget. It does not move `syncedAt` (the lists were confirmed by
 * the initial sync) and ends the phase the initial sync left showing.
 */
export async function syncDeferredShipStates(
  app: FastifyInstance,
  data: { userId: string },
): Promise<{ requests: number }> {
  const user = await findUserById(app.db, data.userId);
  if (!user?.github_login) return { requests: 0 };
  const client = await openSyncClient(app, user.id, user.github_login, 'ship-status');
  if (!client) return { requests: 0 };
  const ctx: SyncContext = {
    app,
    userId: user.id,
    client,
    full: false,
    startedAt: nowIso(),
    changed: new Set(),
    changedRepositories: new Set(),
    listedPullRepositories: new Set(),
  };
  const account = syncStateKey(user.id, ACCOUNT_RESOURCE);
  try {
    // The initial sync's own pass, run later: like the rest of a first sync, it tells no news.
    await syncShipStates(ctx, user, { notify: false, storedHeadsCurrent: true, resumable: true });
  } catch (error) {
    await publishChanges(ctx);
    // A wait: the pull requests still to ask for stay in the store for the job put back.
    if (error instanceof RetryLaterError) await recordWait(app.db, account, null, error);
    throw error;
  }
  await writePhaseCursor(app.db, ctx, SHIP_STATUS_RESOURCE, null);
  await updateSyncState(app.db, account, {
    phase: null,
    progress_done: null,
    progress_total: null,
    cursor: null,
  });
  await publishChanges(ctx);
  return { requests: client.requests };
}
