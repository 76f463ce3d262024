import type { ShipStage } from './insights.js';

// Where a change is on its way, in words, for the pages that show a stage (pull requests,
// deployments, the repository page's commits): apart from the DORA constants and from the
// schemas, so those pages download neither.

export const SHIP_STAGE_ORDER = [
  'review',
  'checks',
  'preview',
  'merged',
  'production_building',
  'live',
] as const satisfies readonly ShipStage[];

export const shipStageLabels: Record<ShipStage, string> = {
  review: 'In review',
  checks: 'Checks',
  preview: 'Preview',
  merged: 'Merged',
  production_building: 'Production building',
  live: 'Live',
  closed: 'Closed',
};

/** "ready in about 2 min" from the milliseconds left; never promises a past time. */
export function formatEta(remainingMs: number): string {
  if (remainingMs <= 30_000) return 'ready any moment now';
  const minutes = Math.max(1, Math.round(remainingMs / 60_000));
  if (minutes < 60) return `ready in about ${minutes} min`;
  const hours = Math.round(minutes / 60);
  return `ready in about ${hours} h`;
}

/** Vercel states of a build that has not finished yet. */
export const BUILDING_DEPLOYMENT_STATES: readonly string[] = ['QUEUED', 'INITIALIZING', 'BUILDING'];

/** The deployment fields the stage words need; the Vercel deployment DTO has them all. */
export interface StageDeployment {
  id: string;
  target: 'production' | 'preview';
  state: string;
  commitSha: string | null;
  createdAt: string;
}

/**
 * A deployment row's stage word, the same as a pull request's: a preview build is at "preview",
 * a production build is "production building" until it is READY and then "live". A failed or
 * cancelled production build moved nothing forward, so it has none.
 */
export function deploymentStage(deployment: StageDeployment): ShipStage | null {
  if (deployment.target === 'preview') return 'preview';
  if (BUILDING_DEPLOYMENT_STATES.includes(deployment.state)) return 'production_building';
  if (deployment.state === 'READY') return 'live';
  return null;
}

/**
 * A default-branch commit is merged; it is live once a READY production build carries it or was
 * made after it (a later build of the production branch contains it), and production building
 * while such a build runs. `building` is that build, for its ETA.
 */
export function commitStage(
  commit: { sha: string; committedAt: string | null },
  deployments: readonly StageDeployment[],
): { stage: 'merged' | 'production_building' | 'live'; building: StageDeployment | null } {
  const committedAt = commit.committedAt === null ? null : Date.parse(commit.committedAt);
  const carrying = deployments.filter(
    (deployment) =>
      deployment.target === 'production' &&
      (deployment.commitSha === commit.sha ||
        (committedAt !== null && Date.parse(deployment.createdAt) >= committedAt)),
  );
  if (carrying.some((deployment) => deployment.state === 'READY')) {
    return { stage: 'live', building: null };
  }
  const building = carrying
    .filter((deployment) => BUILDING_DEPLOYMENT_STATES.includes(deployment.state))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0];
  return building
    ? { stage: 'production_building', building }
    : { stage: 'merged', building: null };
}
