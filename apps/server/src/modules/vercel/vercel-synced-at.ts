import type { Db } from '../../db/database.js';
import { findSyncState } from '../connections/sync-state.repository.js';
import { PROJECTS_RESOURCE, deploymentsResource } from './vercel-sync.js';

/** When the project list was last confirmed by Vercel; null before the first successful sync. */
export async function projectsSyncedAt(db: Db, userId: string): Promise<string | null> {
  const state = await findSyncState(db, {
    userId,
    provider: 'vercel',
    resource: PROJECTS_RESOURCE,
  });
  return state?.last_success_at ?? null;
}

export async function deploymentsSyncedAt(
  db: Db,
  userId: string,
  projectId: string,
): Promise<string | null> {
  const state = await findSyncState(db, {
    userId,
    provider: 'vercel',
    resource: deploymentsResource(projectId),
  });
  return state?.last_success_at ?? null;
}
