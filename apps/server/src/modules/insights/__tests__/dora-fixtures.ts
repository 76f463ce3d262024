import type { DeploymentRecord } from '../dora-records.js';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
/** Monday 2026-11-23 00:00 UTC: the window tests end at the end of this day. */
export const TODAY = Date.UTC(2026, 10, 23);
export const NOW = TODAY + 12 * HOUR;

let sequence = 0;

/** A production deployment that became READY `buildMinutes` after it was created. */
export function deployment(
  overrides: Partial<DeploymentRecord> & { createdAt: number },
): DeploymentRecord {
  sequence += 1;
  const state = overrides.state ?? 'READY';
  const buildingAt =
    overrides.buildingAt === undefined ? overrides.createdAt + MIN : overrides.buildingAt;
  return {
    id: `dpl_${sequence}`,
    projectId: 'prj_web',
    production: true,
    state,
    buildingAt,
    readyAt: state === 'READY' ? (buildingAt ?? overrides.createdAt) + 2 * MIN : null,
    commitSha: `sha${sequence}`,
    commitTitle: `Change ${sequence}`,
    ...overrides,
  };
}
