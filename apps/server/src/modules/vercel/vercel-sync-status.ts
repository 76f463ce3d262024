import type { SyncResult } from '@shipdeck/shared/github';
import type { Db } from '../../db/database.js';
import { listSyncStates } from '../connections/sync-state.repository.js';
import { PROJECTS_RESOURCE } from './vercel-sync.js';

/**
 * How the Vercel sync stands, in the same shape as GitHub's: when the project list was last
 * confirmed, and the newest failure still standing (the project list's, else a project's
 * deployments'), which the pages show over the last good data.
 */
export async function readVercelSyncStatus(db: Db, userId: string): Promise<SyncResult> {
  const states = await listSyncStates(db, userId, 'vercel');
  const projects = states.find((state) => state.resource === PROJECTS_RESOURCE);
  const failing = states
    .filter((state) => state.last_error !== null)
    .sort((a, b) => (b.last_attempt_at ?? '').localeCompare(a.last_attempt_at ?? ''))[0];
  return {
    syncedAt: projects?.last_success_at ?? null,
    sync: {
      phase: null,
      done: null,
      total: null,
      lastError: failing?.last_error ?? null,
      lastAttemptAt: (failing ?? projects)?.last_attempt_at ?? null,
    },
  };
}
