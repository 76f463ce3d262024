import type { ChecksState, ReviewState, ShipStatus } from '@shipdeck/shared/insights';
import { checksStateSchema, reviewStateSchema } from '@shipdeck/shared/insights';
import type { DeploymentRecord, DeploymentState } from '../insights/dora-records.js';
import { deriveStage, derivePreviewStatus, findPreview, shipEta } from '../insights/ship-status.js';
import type { deploymentsForShas } from './ship-state.repository.js';

type DeploymentRow = Awaited<ReturnType<typeof deploymentsForShas>>[number];

export interface ShipRowFields {
  state: 'open' | 'closed';
  merged_at: string | null;
  head_sha: string | null;
  review_state: string | null;
  checks_state: string | null;
}

export function deploymentRecord(row: DeploymentRow): DeploymentRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    production: row.target === 'production',
    state: row.state as DeploymentState,
    createdAt: Date.parse(row.created_at),
    buildingAt: row.building_at ? Date.parse(row.building_at) : null,
    readyAt: row.ready_at ? Date.parse(row.ready_at) : null,
    commitSha: row.commit_sha,
    commitTitle: row.commit_message?.split('\n')[0] ?? null,
  };
}

/**
 * The ship status of a stored pull request, or null until a sync has derived its review and
 * checks. `deployments` are the user's Vercel deployments of the listed head SHAs.
 */
export function shipStatusFromRow(
  row: ShipRowFields,
  deployments: readonly DeploymentRecord[],
  urlOf: (deployment: DeploymentRecord) => string,
): ShipStatus | null {
  const review = reviewStateSchema.safeParse(row.review_state);
  const checks = checksStateSchema.safeParse(row.checks_state);
  if (!review.success || !checks.success) return null;
  const preview = findPreview(row.head_sha, deployments);
  const own = deployments.filter((d) => row.head_sha !== null && d.commitSha === row.head_sha);
  const { stage, building } = deriveStage(
    {
      state: row.state,
      mergedAt: row.merged_at ? Date.parse(row.merged_at) : null,
      review: review.data satisfies ReviewState,
      checks: checks.data satisfies ChecksState,
      shas: row.head_sha ? [row.head_sha] : [],
      projectIds: [...new Set(own.map((d) => d.projectId))],
    },
    own,
  );
  return {
    review: review.data,
    checks: checks.data,
    preview: derivePreviewStatus(preview, urlOf),
    stage,
    eta: shipEta(building, preview, deployments),
  };
}
