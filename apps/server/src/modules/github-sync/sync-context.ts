import type { FastifyInstance } from 'fastify';
import { RequestError } from '@octokit/request-error';
import type { ChangedResource } from '@shipdeck/shared/events';
import type { Db } from '../../db/database.js';
import { RetryLaterError } from '../../jobs/job-queue.js';
import type { SyncStateKey } from '../connections/sync-state.repository.js';
import { updateSyncState } from '../connections/sync-state.repository.js';
import type { SyncClient } from '../github-client/github-sync-client.js';
import { ACCOUNT_RESOURCE } from './sync-constants.js';
import { announceEvent } from '../notifications/notify.js';

/** `full`: a refresh that reads everything again (a periodic refresh becomes one when due). */
export type SyncReason = 'initial' | 'refresh' | 'full';

/** What one sync job of a user's GitHub data carries along while it runs. */
export interface SyncContext {
  app: FastifyInstance;
  userId: string;
  client: SyncClient;
  /** Read everything unconditionally and drop what was not confirmed (initial sync included). */
  full: boolean;
  startedAt: string;
  /** What GitHub answered anew (not 304) or the sync saw change, for open pages to refresh. */
  changed: Set<ChangedResource>;
  /** `owner/name` of the repositories whose commits or pulls GitHub answered anew. */
  changedRepositories: Set<string>;
  /**
   * Repositories whose pull list this run read (anew or confirmed by a 304): their stored head
   * SHAs and requested reviewers are current. A pull request only the search found has neither.
   */
  listedPullRepositories: Set<number>;
}

export const syncStateKey = (userId: string, resource: string): SyncStateKey => ({
  userId,
  provider: 'github',
  resource,
});

/** The phase and progress the API reports ("Syncing 340 of 5,000 repositories"). */
export async function reportProgress(
  ctx: SyncContext,
  phase: string,
  done: number,
  total: number,
  /** A transaction to write in, beside what the page stored. */
  db: Db = ctx.app.db,
): Promise<void> {
  await updateSyncState(db, syncStateKey(ctx.userId, ACCOUNT_RESOURCE), {
    phase,
    progress_done: done,
    progress_total: total,
  });
}

/** A sync failure in words a page can show (never a token or a raw body). */
export function describeSyncError(error: unknown): string {
  if (error instanceof RetryLaterError) return error.message;
  // Octokit reports a connection that closed or never opened as a 500 with no response.
  if (error instanceof RequestError) {
    return error.response ? `GitHub answered ${error.status}` : 'GitHub could not be reached';
  }
  if (error instanceof Error && error.name === 'ZodError')
    return 'GitHub sent an unreadable answer';
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'GitHub did not answer in time';
  }
  return 'GitHub could not be reached';
}

/** Tells the user's open pages what the sync stored anew, so they refetch just that. */
export async function publishChanges(ctx: SyncContext): Promise<void> {
  if (ctx.changed.size > 0) {
    await announceEvent(ctx.app, ctx.userId, { type: 'data.changed', resources: [...ctx.changed] });
  }
  // A repository page refetches only for an event naming its repository.
  for (const repository of ctx.changedRepositories) {
    await announceEvent(ctx.app, ctx.userId, {
      type: 'data.changed',
      resources: ['repository', 'commits', 'pull-requests'],
      repository,
    });
  }
}
