import { describe, expect, it } from 'vitest';
import { windowEndingAt } from '../dora-window.js';
import { computeTimeToRestore } from '../time-to-restore.js';
import { DAY, deployment, HOUR, MIN, NOW, oneFailureOfEachKind, TODAY } from './dora-fixtures.js';

const week = windowEndingAt(NOW, 7);

describe('computeTimeToRestore', () => {
  it('has nothing to restore without failures', () => {
    const none = computeTimeToRestore([], week);
    expect(none.medianMinutes).toBeNull();
    expect(none.band).toBeNull();
    const one = computeTimeToRestore([deployment({ createdAt: TODAY })], week);
    expect(one.restoredCount).toBe(0);
    expect(one.explanation).toContain('No production deployment failed');
  });

  it('measures a failed deployment to the next READY one of the same project', () => {
    // Error at 10:00; next deployment created 10:30, ready 10:33 → 33 minutes.
    const deployments = [
      deployment({ createdAt: TODAY + 10 * HOUR + 30 * MIN }),
      deployment({ createdAt: TODAY + 10 * HOUR, state: 'ERROR' }),
      deployment({ createdAt: TODAY + 10 * HOUR + 10 * MIN, projectId: 'prj_docs' }),
    ];
    const result = computeTimeToRestore(deployments, week);
    expect(result.medianMinutes).toBe(33);
    expect(result.band).toBe('elite');
    expect(result.restoredCount).toBe(1);
  });

  it('treats consecutive failures as one incident from the first failure', () => {
    const deployments = [
      deployment({ createdAt: TODAY - DAY, state: 'ERROR' }),
      deployment({ createdAt: TODAY - DAY + HOUR, state: 'ERROR' }),
      deployment({ createdAt: TODAY - DAY + 2 * HOUR }),
    ];
    const result = computeTimeToRestore(deployments, week);
    expect(result.restoredCount).toBe(1);
    expect(result.deploymentCount).toBe(2);
    expect(result.medianMinutes).toBe(123);
    expect(result.band).toBe('high');
  });

  it('measures an error, a revert and a rollback alike whatever order the events arrive in', () => {
    const history = oneFailureOfEachKind();
    for (const order of [
      history,
      [...history].reverse(),
      [3, 0, 5, 1, 4, 2].map((i) => history[i]),
    ]) {
      const result = computeTimeToRestore(
        order.filter((item) => item !== undefined),
        week,
      );
      // Restores of 63, 120 and 120 minutes: the median is 120, under a day.
      expect(result).toMatchObject({
        restoredCount: 3,
        unrestoredCount: 0,
        medianMinutes: 120,
        band: 'high',
      });
    }
  });

  it('reports a failure never restored in the window without inventing a figure', () => {
    const deployments = [
      deployment({ createdAt: TODAY - 2 * DAY }),
      deployment({ createdAt: TODAY - DAY, state: 'ERROR' }),
    ];
    const result = computeTimeToRestore(deployments, week);
    expect(result.medianMinutes).toBeNull();
    expect(result.band).toBeNull();
    expect(result.unrestoredCount).toBe(1);
    expect(result.explanation).toContain('not restored yet');
  });

  it('counts a rollback from when the bad deployment went live until the rollback was ready', () => {
    const deployments = [
      deployment({ createdAt: TODAY - 2 * DAY, commitSha: 'good' }),
      // Ready at TODAY - DAY + 3 min.
      deployment({ createdAt: TODAY - DAY, commitSha: 'bad' }),
      // Ready at TODAY - DAY + 2 h + 3 min.
      deployment({ createdAt: TODAY - DAY + 2 * HOUR, commitSha: 'good' }),
    ];
    const result = computeTimeToRestore(deployments, week);
    expect(result.restoredCount).toBe(1);
    expect(result.medianMinutes).toBe(120);
    expect(result.band).toBe('high');
  });

  it('counts a revert the same way, and ignores failures before the window', () => {
    const deployments = [
      deployment({ createdAt: TODAY - 20 * DAY, state: 'ERROR' }),
      deployment({ createdAt: TODAY - 19 * DAY }),
      deployment({ createdAt: TODAY - DAY, commitTitle: 'Ship it' }),
      deployment({ createdAt: TODAY - DAY + 30 * MIN, commitTitle: 'Revert "Ship it"' }),
    ];
    const result = computeTimeToRestore(deployments, week);
    expect(result.restoredCount).toBe(1);
    expect(result.medianMinutes).toBe(30);
  });
});
