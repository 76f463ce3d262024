import type { Eta } from '@shipdeck/shared/insights';
import { ETA_SAMPLE_SIZE } from '@shipdeck/shared/insights-constants';
import type { DeploymentRecord } from './dora-records.js';
import { median } from './dora-window.js';

/** Median build time (buildingAt → ready) of the project's latest finished builds, in ms. */
export function medianBuildTime(
  deployments: readonly DeploymentRecord[],
  projectId: string,
): { medianMs: number; sampleSize: number } | null {
  const builds = deployments
    .filter(
      (deployment) =>
        deployment.projectId === projectId &&
        deployment.state === 'READY' &&
        deployment.buildingAt !== null &&
        deployment.readyAt !== null &&
        deployment.readyAt >= deployment.buildingAt,
    )
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, ETA_SAMPLE_SIZE);
  const medianMs = median(builds.map((build) => (build.readyAt ?? 0) - (build.buildingAt ?? 0)));
  return medianMs === null ? null : { medianMs, sampleSize: builds.length };
}

/** When a building deployment should be ready; null when it is not building or there is no history. */
export function estimateReady(
  building: DeploymentRecord,
  history: readonly DeploymentRecord[],
): Eta | null {
  if (!['QUEUED', 'INITIALIZING', 'BUILDING'].includes(building.state)) return null;
  const buildTime = medianBuildTime(
    history.filter((deployment) => deployment.id !== building.id),
    building.projectId,
  );
  if (!buildTime) return null;
  // A queued build has no buildingAt yet; counting from its creation keeps the estimate stable.
  const startedAt = building.buildingAt ?? building.createdAt;
  return {
    expectedReadyAt: new Date(startedAt + buildTime.medianMs).toISOString(),
    medianBuildSeconds: Math.round(buildTime.medianMs / 1000),
    sampleSize: buildTime.sampleSize,
  };
}
