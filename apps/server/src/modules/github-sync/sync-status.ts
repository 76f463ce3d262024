import type { SyncResult } from '@shipdeck/shared/github';
import type { Db } from '../../db/database.js';
import { findSyncState, type SyncStateRow } from '../connections/sync-state.repository.js';
import { ACCOUNT_RESOURCE } from './sync-constants.js';
import { waitOf } from './sync-cursors.js';

/** When the user's GitHub data was last confirmed, and how the sync stands now. */
export async function readSyncStatus(db: Db, userId: string): Promise<SyncResult> {
  const state = await findSyncState(db, { userId, provider: 'github', resource: ACCOUNT_RESOURCE });
  return syncStatusOf(state);
}

/** The answer's sync fields from the account's sync-state row (undefined: never synced). */
export function syncStatusOf(state: SyncStateRow | undefined): SyncResult {
  return {
    syncedAt: state?.last_success_at ?? null,
    sync: {
      phase: state ? state.phase : 'queued',
      done: state?.phase ? state.progress_done : null,
      total: state?.phase ? state.progress_total : null,
      lastError: state?.last_error ?? null,
      lastAttemptAt: state?.last_attempt_at ?? null,
      waiting: waitOf(state),
    },
  };
}
