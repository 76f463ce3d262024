import type {
  AutoMergeState,
  ChecksState,
  ReviewState,
  ShipStatus,
} from '@shipdeck/shared/insights';
import { checksStateSchema, mergeMethodSchema, reviewStateSchema } from '@shipdeck/shared/insights';
import type { DeploymentRecord } from '../insights/dora-records.js';
import { deriveStage, derivePreviewStatus, findPreview, shipEta } from './ship-status.js';

export interface ShipRowFields {
  state: 'open' | 'closed';
  merged_at: string | null;
  head_sha: string | null;
  review_state: string | null;
  checks_state: string | null;
  /** `owner/name`: the Vercel projects linked to it ship the merged change. */
  repository: string;
  /**
   * When a re-run of failed checks was asked for, until new results arrive (issue 37); rows read
   * without the column leave `checksRerunning` out.
   */
  checks_rerun_at?: string | null;
  /** Merge when ready while on (issue 37); rows read without the columns leave `autoMerge` out. */
  auto_merge_method?: string | null;
  auto_merge_enabled_by?: string | null;
  auto_merge_enabled_at?: string | null;
}

/** The stored `auto_merge` of a pull request, null while off. */
export function autoMergeOf(row: {
  auto_merge_method?: string | null;
  auto_merge_enabled_by?: string | null;
  auto_merge_enabled_at?: string | null;
}): AutoMergeState | null {
  const method = mergeMethodSchema.safeParse(row.auto_merge_method);
  if (!method.success) return null;
  return {
    method: method.data,
    enabledBy: row.auto_merge_enabled_by ?? null,
    enabledAt: row.auto_merge_enabled_at ?? null,
  };
}

/** The user's deployments a page of pull requests needs, loaded once for the whole page. */
export interface ShipDeployments {
  /** Deployments built from the listed head SHAs (previews, and fast-forwarded production). */
  bySha: readonly DeploymentRecord[];
  /** Production deployments since the earliest merge listed, by linked repository (lower case). */
  productionByRepository: ReadonlyMap<string, readonly DeploymentRecord[]>;
  /** The latest READY builds of every project with a build running, for its ETA. */
  buildHistory: readonly DeploymentRecord[];
}

/**
 * The ship status of a stored pull request, or null until a sync has derived its review and
 * checks. A merged one is live once a READY production build of a project linked to its
 * repository carries its head or was made after the merge; the ETA of a running build is the
 * median of its project's latest builds.
 */
export function shipStatusFromRow(
  row: ShipRowFields,
  deployments: ShipDeployments,
  urlOf: (deployment: DeploymentRecord) => string,
): ShipStatus | null {
  const review = reviewStateSchema.safeParse(row.review_state);
  const checks = checksStateSchema.safeParse(row.checks_state);
  if (!review.success || !checks.success) return null;
  const own = deployments.bySha.filter(
    (d) => row.head_sha !== null && d.commitSha === row.head_sha,
  );
  const preview = findPreview(row.head_sha, own);
  const linked = row.merged_at
    ? (deployments.productionByRepository.get(row.repository.toLowerCase()) ?? [])
    : [];
  const candidates = [...own, ...linked.filter((d) => !own.some((o) => o.id === d.id))];
  const { stage, building } = deriveStage(
    {
      state: row.state,
      mergedAt: row.merged_at ? Date.parse(row.merged_at) : null,
      review: review.data satisfies ReviewState,
      checks: checks.data satisfies ChecksState,
      shas: row.head_sha ? [row.head_sha] : [],
      projectIds: [...new Set(candidates.map((d) => d.projectId))],
    },
    candidates,
  );
  return {
    review: review.data,
    checks: checks.data,
    preview: derivePreviewStatus(preview, urlOf),
    stage,
    eta: shipEta(building, preview, deployments.buildHistory),
    ...(row.checks_rerun_at === undefined
      ? {}
      : { checksRerunning: row.checks_rerun_at !== null && row.state === 'open' }),
    ...(row.auto_merge_method === undefined
      ? {}
      : { autoMerge: row.state === 'open' ? autoMergeOf(row) : null }),
  };
}
