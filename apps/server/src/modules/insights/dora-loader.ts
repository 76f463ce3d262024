import type { FastifyInstance } from 'fastify';
import type { ChangeRecord, DeploymentRecord } from './dora-records.js';

export interface DoraHistoryQuery {
  userId: string;
  /** owner/name, or null for every repository the user can see. */
  repo: string | null;
  /** Epoch ms: load from here (earlier than the window, so restores and rollbacks have context). */
  since: number;
}

/** What the DORA figures are computed from, for one user's visible repositories and projects. */
export interface DoraHistory {
  deployments: DeploymentRecord[];
  changes: ChangeRecord[];
  /** owner/name of every repository with synced production deployments. */
  repositories: string[];
  /** When the newest of these deployments was last synced (ISO), null when never. */
  syncedAt: string | null;
}

export interface DoraLoader {
  load(app: FastifyInstance, query: DoraHistoryQuery): Promise<DoraHistory>;
}
