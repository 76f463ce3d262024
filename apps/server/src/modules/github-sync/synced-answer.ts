import type { SyncResult } from '@shipdeck/shared/github';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../auth/users.table.js';
import { requireGithubConnection } from './github-connection.js';
import { requestGithubSync } from './request-github-sync.js';
import { readSyncStatus } from './sync-status.js';
import { findSyncState } from '../sync/sync-state.repository.js';
import { ACCOUNT_RESOURCE } from './sync-constants.js';

/**
 * What every store-backed answer starts with: the user is connected, and their sync state. A user
 * never synced, or whose refresh is due, gets one queued (the answer does not wait for it).
 */
export async function syncedContext(
  app: FastifyInstance,
  user: UserRow,
): Promise<{ login: string; status: SyncResult }> {
  const login = await requireGithubConnection(app, user);
  const state = await findSyncState(app.db, {
    userId: user.id,
    provider: 'github',
    resource: ACCOUNT_RESOURCE,
  });
  if (!state) await requestGithubSync(app, user.id, 'initial');
  else if (!state.phase && state.next_due_at && state.next_due_at <= new Date().toISOString()) {
    await requestGithubSync(app, user.id, 'refresh');
  }
  return { login, status: await readSyncStatus(app.db, user.id) };
}
