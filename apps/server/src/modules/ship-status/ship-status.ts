import type {
  ChecksState,
  Eta,
  PreviewStatus,
  ReviewState,
  ShipStage,
} from '@shipdeck/shared/insights';
import type { DeploymentRecord } from '../insights/dora-records.js';
import { estimateReady } from '../insights/pipeline-eta.js';

/** The parts of GitHub's `pull-request-review` that decide the review state. */
export interface ReviewInput {
  user: { login: string } | null;
  state: string;
  submitted_at?: string | null;
}

/**
 * Latest decisive review per reviewer (comments and pending drafts decide nothing; a dismissal
 * withdraws the reviewer's earlier verdict). A reviewer asked again has no standing verdict.
 */
export function deriveReviewState(
  reviews: readonly ReviewInput[],
  requestedReviewers: readonly string[],
): ReviewState {
  const latest = new Map<string, string>();
  // GitHub lists reviews oldest first; sorting keeps that true for out-of-order input.
  const ordered = [...reviews].sort((a, b) =>
    (a.submitted_at ?? '').localeCompare(b.submitted_at ?? ''),
  );
  for (const review of ordered) {
    const login = review.user?.login;
    if (!login) continue;
    if (review.state === 'APPROVED' || review.state === 'CHANGES_REQUESTED') {
      latest.set(login, review.state);
    } else if (review.state === 'DISMISSED') {
      latest.delete(login);
    }
  }
  for (const login of requestedReviewers) latest.delete(login);
  const verdicts = [...latest.values()];
  if (verdicts.includes('CHANGES_REQUESTED')) return 'changes_requested';
  if (verdicts.includes('APPROVED') && requestedReviewers.length === 0) return 'approved';
  return 'review_required';
}

export interface CheckRunInput {
  name: string;
  status: string;
  conclusion: string | null;
}

export interface CombinedStatusInput {
  state: string;
  total_count: number;
}

const FAILED_CONCLUSIONS = new Set([
  'failure',
  'timed_out',
  'cancelled',
  'action_required',
  'startup_failure',
]);

/**
 * Check runs and commit statuses of the head SHA together. GitHub reports a combined status of
 * "pending" when there are no statuses at all, so an empty combined status counts as absent.
 */
export function deriveChecksState(
  checkRuns: readonly CheckRunInput[],
  combined: CombinedStatusInput | null,
): ChecksState {
  const statuses = combined && combined.total_count > 0 ? combined.state : null;
  if (checkRuns.length === 0 && statuses === null) return 'none';
  const failed =
    checkRuns.some((run) => run.conclusion !== null && FAILED_CONCLUSIONS.has(run.conclusion)) ||
    statuses === 'failure' ||
    statuses === 'error';
  if (failed) return 'failing';
  const pending = checkRuns.some((run) => run.status !== 'completed') || statuses === 'pending';
  return pending ? 'pending' : 'passing';
}

const BUILDING = new Set(['QUEUED', 'INITIALIZING', 'BUILDING']);

/** The newest preview deployment built from the head SHA. */
export function findPreview(
  headSha: string | null,
  deployments: readonly DeploymentRecord[],
): DeploymentRecord | undefined {
  if (!headSha) return undefined;
  return deployments
    .filter((deployment) => !deployment.production && deployment.commitSha === headSha)
    .sort((a, b) => b.createdAt - a.createdAt)[0];
}

export function derivePreviewStatus(
  preview: DeploymentRecord | undefined,
  urlOf: (deployment: DeploymentRecord) => string,
): PreviewStatus {
  if (!preview) return { state: 'none' };
  if (preview.state === 'READY') return { state: 'ready', url: urlOf(preview) };
  if (preview.state === 'ERROR') return { state: 'failed' };
  if (BUILDING.has(preview.state)) return { state: 'building' };
  return { state: 'none' };
}

export interface StageInput {
  state: 'open' | 'closed';
  mergedAt: number | null;
  review: ReviewState;
  checks: ChecksState;
  /** SHAs a production build of the merged change would carry. */
  shas: readonly string[];
  projectIds: readonly string[];
}

/**
 * The furthest step reached in order (review → checks → preview → merged → production building
 * → live), with the deployment behind it when one is building, so the caller can estimate.
 */
export function deriveStage(
  input: StageInput,
  deployments: readonly DeploymentRecord[],
): { stage: ShipStage; building: DeploymentRecord | null } {
  if (input.mergedAt === null) {
    if (input.state === 'closed') return { stage: 'closed', building: null };
    if (input.review !== 'approved') return { stage: 'review', building: null };
    if (input.checks === 'failing' || input.checks === 'pending') {
      return { stage: 'checks', building: null };
    }
    return { stage: 'preview', building: null };
  }
  const mergedAt = input.mergedAt;
  const production = deployments
    .filter(
      (deployment) =>
        deployment.production &&
        input.projectIds.includes(deployment.projectId) &&
        ((deployment.commitSha !== null && input.shas.includes(deployment.commitSha)) ||
          deployment.createdAt >= mergedAt),
    )
    .sort((a, b) => a.createdAt - b.createdAt);
  if (production.some((deployment) => deployment.state === 'READY')) {
    return { stage: 'live', building: null };
  }
  const building = production.find((deployment) => BUILDING.has(deployment.state));
  if (building) return { stage: 'production_building', building };
  return { stage: 'merged', building: null };
}

/** The ETA of whichever deployment of this change is building: production first, else the preview. */
export function shipEta(
  building: DeploymentRecord | null,
  preview: DeploymentRecord | undefined,
  deployments: readonly DeploymentRecord[],
): Eta | null {
  if (building) return estimateReady(building, deployments);
  if (preview && BUILDING.has(preview.state)) return estimateReady(preview, deployments);
  return null;
}
