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

/**
 * One project's week, oldest first, with one failure of each kind (times from TODAY; READY
 * three minutes after creation):
 *   -4 d          good      READY
 *   -3 d          ERROR     restored by the next one: 1 h 3 min
 *   -3 d + 1 h    Add search, reverted by the next one (live 1 h 3 min → 3 h 3 min: 120 min)
 *   -3 d + 3 h    Revert "Add search"
 *   -2 d          bad       rolled back by the next one (live 0 h 3 min → 2 h 3 min: 120 min)
 *   -2 d + 2 h    good again: a rollback
 * Six finished production deployments, three failed: 50%; restores of 63, 120 and 120 minutes.
 */
export function oneFailureOfEachKind(): DeploymentRecord[] {
  return [
    deployment({ createdAt: TODAY - 4 * DAY, commitSha: 'good' }),
    deployment({ createdAt: TODAY - 3 * DAY, state: 'ERROR' }),
    deployment({ createdAt: TODAY - 3 * DAY + HOUR, commitTitle: 'Add search' }),
    deployment({ createdAt: TODAY - 3 * DAY + 3 * HOUR, commitTitle: 'Revert "Add search"' }),
    deployment({ createdAt: TODAY - 2 * DAY, commitSha: 'bad' }),
    deployment({ createdAt: TODAY - 2 * DAY + 2 * HOUR, commitSha: 'good' }),
  ];
}
