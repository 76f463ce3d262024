import type { FastifyInstance } from 'fastify';
import { createSyncStateIfAbsent, findSyncState } from '../connections/sync-state.repository.js';
import { ACCOUNT_RESOURCE } from './sync-constants.js';
import type { SyncReason } from './sync-context.js';
import { syncGithubAccount } from './sync-github-account.js';
import { syncDeferredShipStates } from './sync-ship-states.js';
import { syncGithubTeams } from './sync-teams.js';

export const GITHUB_SYNC_QUEUE = 'github-sync';
export const GITHUB_REFRESH_DUE_QUEUE = 'github-refresh-due';
/** The team pass (issue 36), queued after each account sync. */
export const GITHUB_TEAMS_QUEUE = 'github-teams';
/** A user waiting on a first sync goes before periodic refreshes. */
export const INITIAL_SYNC_PRIORITY = 10;

/**
 * `ship-status`: the review and checks an initial sync left out, fetched by the job queued right
 * after it, at a refresh's priority. Any other sync of the user queued meanwhile fetches them too,
 * so de-duplication by the user's key loses nothing.
 */
export type GithubSyncJobReason = SyncReason | 'ship-status';

/** The key of a user's sync jobs: one queued per user, and how account deletion finds them. */
export function githubSyncKey(userId: string): string {
  return `github:${userId}`;
}

/** Queues the user's team pass; at most one queued per user (same key as their syncs). */
export async function requestGithubTeamsSync(app: FastifyInstance, userId: string): Promise<void> {
  await app.jobs.send(
    GITHUB_TEAMS_QUEUE,
    { userId },
    { singletonKey: githubSyncKey(userId), priority: 0, retryLimit: 5 },
  );
}

/** Queues a sync of the user's GitHub data; at most one queued per user. */
export async function requestGithubSync(
  app: FastifyInstance,
  userId: string,
  reason: GithubSyncJobReason,
): Promise<void> {
  if (reason === 'initial') {
    // Written before the job is queued: until the job writes its own progress, every store
    // request would otherwise find no state and queue a second full sync behind the first.
    await createSyncStateIfAbsent(
      app.db,
      { userId, provider: 'github', resource: ACCOUNT_RESOURCE },
      { phase: 'queued' },
    );
  }
  await app.jobs.send(
    GITHUB_SYNC_QUEUE,
    { userId, reason },
    {
      singletonKey: githubSyncKey(userId),
      priority: reason === 'initial' ? INITIAL_SYNC_PRIORITY : 0,
      retryLimit: 5,
    },
  );
}

/** Whether the user's account has completed a sync since it was (re)connected. */
async function hasSyncedAccount(app: FastifyInstance, userId: string): Promise<boolean> {
  const state = await findSyncState(app.db, {
    userId,
    provider: 'github',
    resource: ACCOUNT_RESOURCE,
  });
  return Boolean(state?.last_success_at);
}

/**
 * Queues a refresh for every connected user whose data is due and who keeps the "GitHub sync"
 * preference on; with it off, their data is refreshed only when they open a page that shows it.
 */
export async function refreshDueAccounts(app: FastifyInstance, now = new Date()): Promise<number> {
  const due = await app.db
    .selectFrom('sync_state')
    .innerJoin('users', 'users.id', 'sync_state.user_id')
    .select('sync_state.user_id')
    .where('sync_state.provider', '=', 'github')
    .where('sync_state.resource', '=', ACCOUNT_RESOURCE)
    .where('sync_state.next_due_at', '<=', now.toISOString())
    .where('users.pref_github_sync', '=', 1)
    .execute();
  for (const row of due) await requestGithubSync(app, row.user_id, 'refresh');
  return due.length;
}

/** Declares the sync queues on the job engine: one cron fans out per-user refreshes. */
export async function registerGithubSyncJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work<{ userId: string; reason: GithubSyncJobReason }>(
    GITHUB_SYNC_QUEUE,
    async ({ data: { userId, reason } }) => {
      if (reason === 'ship-status' && (await hasSyncedAccount(app, userId))) {
        await syncDeferredShipStates(app, { userId });
        return;
      }
      // A first sync asked for while this job was queued was de-duplicated into it: do that.
      const outcome = await syncGithubAccount(app, {
        userId,
        reason: reason === 'ship-status' ? 'initial' : reason,
      });
      if (outcome.shipStatusDeferred > 0) await requestGithubSync(app, userId, 'ship-status');
      await requestGithubTeamsSync(app, userId);
    },
  );
  await app.jobs.work<{ userId: string }>(GITHUB_TEAMS_QUEUE, async ({ data }) => {
    await syncGithubTeams(app, data);
  });
  await app.jobs.work(GITHUB_REFRESH_DUE_QUEUE, async () => {
    await refreshDueAccounts(app);
  });
  await app.jobs.schedule(GITHUB_REFRESH_DUE_QUEUE, '* * * * *');
}
