/**
 * The plain records the DORA computations read. The loader turns synced Vercel deployments,
 * GitHub pull requests and commits into these, so every metric is a pure function of arrays.
 * Times are epoch milliseconds.
 */
export type DeploymentState =
  'QUEUED' | 'INITIALIZING' | 'BUILDING' | 'READY' | 'ERROR' | 'CANCELED' | 'BLOCKED' | 'DELETED';

export interface DeploymentRecord {
  id: string;
  projectId: string;
  /** Vercel's `target`: production, or null/preview for a preview build. */
  production: boolean;
  state: DeploymentState;
  createdAt: number;
  buildingAt: number | null;
  /** When it became READY (Vercel's `ready`); null otherwise. */
  readyAt: number | null;
  commitSha: string | null;
  /** The commit message's first line, or the pull request's title, as Vercel's meta has it. */
  commitTitle: string | null;
  /**
   * The first READY production deployment its project ever recorded: it ships every change made
   * before Shipdeck saw the project, so lead time leaves it out (frequency still counts it).
   */
  firstRecorded?: boolean;
}

/** The columns of a synced deployment row (`vercel_deployments`) a record is made from. ISO times. */
export interface DeploymentRecordRow {
  id: string;
  project_id: string;
  target: 'production' | 'preview';
  state: string;
  commit_sha: string | null;
  commit_message: string | null;
  created_at: string;
  building_at: string | null;
  ready_at: string | null;
}

export function deploymentRecordFromRow(row: DeploymentRecordRow): DeploymentRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    production: row.target === 'production',
    state: row.state as DeploymentState,
    createdAt: Date.parse(row.created_at),
    buildingAt: row.building_at === null ? null : Date.parse(row.building_at),
    readyAt: row.ready_at === null ? null : Date.parse(row.ready_at),
    commitSha: row.commit_sha,
    commitTitle: row.commit_message?.split('\n')[0] ?? null,
  };
}

/** One change on its way to production: a merged pull request, or a commit pushed directly. */
export interface ChangeRecord {
  projectId: string;
  /** When the change's first commit was authored. */
  firstCommitAt: number;
  /** When it reached the production branch (merge time, or the push for a direct commit). */
  mergedAt: number;
  /** SHAs a production build of this change would carry: merge commit, head, or the commit itself. */
  shas: readonly string[];
}

export interface MetricWindow {
  /** Inclusive start, epoch ms. */
  from: number;
  /** Exclusive end, epoch ms. */
  to: number;
}
