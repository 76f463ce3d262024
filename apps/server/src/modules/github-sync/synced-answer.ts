import type { SyncResult } from '@shipdeck/shared/github';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../auth/users.table.js';
import { requireGithubConnection } from './github-connection.js';
import { requestGithubSync } from './request-github-sync.js';
import { readSyncStatus, syncStatusOf } from './sync-status.js';
import { findSyncState } from '../connections/sync-state.repository.js';
import { ACCOUNT_RESOURCE } from './sync-constants.js';

export interface SyncedContext {
  login: string;
  status: SyncResult;
  /**
   * Until when this answer may be reused at the same store version: the time the next refresh
   * falls due (null: none scheduled), or false when this request has just queued a sync.
   */
  reusableUntil: string | null | false;
}

/**
 * What every store-backed answer starts with: the user is connected, and their sync state. A user
 * never synced, or whose refresh is due, gets one queued (the answer does not wait for it).
 */
export async function syncedContext(app: FastifyInstance, user: UserRow): Promise<SyncedContext> {
  const [login, state] = await Promise.all([
    requireGithubConnection(app, user),
    findSyncState(app.db, { userId: user.id, provider: 'github', resource: ACCOUNT_RESOURCE }),
  ]);
  if (!state) {
    await requestGithubSync(app, user.id, 'initial');
    // The queueing wrote the row (phase "queued"); answer with what it says now.
    return { login, status: await readSyncStatus(app.db, user.id), reusableUntil: false };
  }
  if (!state.phase && state.next_due_at && state.next_due_at <= new Date().toISOString()) {
    await requestGithubSync(app, user.id, 'refresh');
    return { login, status: await readSyncStatus(app.db, user.id), reusableUntil: false };
  }
  // Nothing queued: the row just read is the status, so it is not read a second time.
  return {
    login,
    status: syncStatusOf(state),
    reusableUntil: state.phase ? null : state.next_due_at,
  };
}
