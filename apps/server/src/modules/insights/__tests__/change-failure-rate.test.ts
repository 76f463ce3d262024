import { describe, expect, it } from 'vitest';
import { computeChangeFailureRate } from '../change-failure-rate.js';
import { windowEndingAt } from '../dora-window.js';
import { DAY, deployment, HOUR, NOW, oneFailureOfEachKind, TODAY } from './dora-fixtures.js';

const week = windowEndingAt(NOW, 7);

describe('computeChangeFailureRate', () => {
  it('has no rate without deployments', () => {
    const result = computeChangeFailureRate([], week);
    expect(result.percent).toBeNull();
    expect(result.band).toBeNull();
    expect(result.deploymentCount).toBe(0);
  });

  it('is 0% and elite for one good deployment', () => {
    const result = computeChangeFailureRate([deployment({ createdAt: TODAY })], week);
    expect(result.percent).toBe(0);
    expect(result.band).toBe('elite');
    expect(result.deploymentCount).toBe(1);
  });

  it('counts errors; ignores previews, cancelled and still-building deployments', () => {
    const deployments = [
      deployment({ createdAt: TODAY - 3 * DAY }),
      deployment({ createdAt: TODAY - 2 * DAY, state: 'ERROR' }),
      deployment({ createdAt: TODAY - 2 * DAY + HOUR }),
      deployment({ createdAt: TODAY - DAY }),
      deployment({ createdAt: TODAY - DAY, production: false, state: 'ERROR' }),
      deployment({ createdAt: TODAY, state: 'CANCELED' }),
      deployment({ createdAt: TODAY + HOUR, state: 'BUILDING' }),
    ];
    const result = computeChangeFailureRate(deployments, week);
    expect(result.deploymentCount).toBe(4);
    expect(result.errorCount).toBe(1);
    expect(result.percent).toBe(25);
    expect(result.band).toBe('low');
  });

  it('counts a deployment followed within 24 h by a revert', () => {
    const deployments = [
      deployment({ createdAt: TODAY - 2 * DAY, commitTitle: 'Add search' }),
      deployment({ createdAt: TODAY - 2 * DAY + 5 * HOUR, commitTitle: 'Revert "Add search"' }),
      // A revert more than 24 h later does not blame the deployment before it.
      deployment({ createdAt: TODAY - DAY, commitTitle: 'Add filters' }),
      deployment({ createdAt: TODAY + 2 * HOUR, commitTitle: 'Revert "Add filters"' }),
    ];
    const result = computeChangeFailureRate(deployments, week);
    expect(result.revertCount).toBe(1);
    expect(result.failedCount).toBe(1);
    expect(result.percent).toBe(25);
  });

  it('counts a deployment rolled back to an older commit within 24 h', () => {
    const deployments = [
      deployment({ createdAt: TODAY - 2 * DAY, commitSha: 'good' }),
      deployment({ createdAt: TODAY - DAY, commitSha: 'bad' }),
      // Promoting the older commit again: a rollback of 'bad'.
      deployment({ createdAt: TODAY - DAY + 2 * HOUR, commitSha: 'good' }),
      // A redeploy of the live commit is not a rollback.
      deployment({ createdAt: TODAY - DAY + 3 * HOUR, commitSha: 'good' }),
    ];
    const result = computeChangeFailureRate(deployments, week);
    expect(result.rollbackCount).toBe(1);
    expect(result.failedCount).toBe(1);
    expect(result.percent).toBe(25);
    expect(result.band).toBe('low');
    expect(result.explanation).toContain('1 were rolled back');
  });

  it('classifies an error, a revert and a rollback alike whatever order the events arrive in', () => {
    const history = oneFailureOfEachKind();
    for (const order of [
      history,
      [...history].reverse(),
      [3, 0, 5, 1, 4, 2].map((i) => history[i]),
    ]) {
      const result = computeChangeFailureRate(
        order.filter((item) => item !== undefined),
        week,
      );
      expect(result).toMatchObject({
        deploymentCount: 6,
        failedCount: 3,
        errorCount: 1,
        revertCount: 1,
        rollbackCount: 1,
        percent: 50,
        band: 'low',
      });
    }
  });

  it('keeps projects apart: another project deploying an old SHA is no rollback', () => {
    const deployments = [
      deployment({ createdAt: TODAY - 2 * DAY, commitSha: 'x' }),
      deployment({ createdAt: TODAY - DAY, commitSha: 'y' }),
      deployment({ createdAt: TODAY - DAY + HOUR, commitSha: 'x', projectId: 'prj_docs' }),
    ];
    expect(computeChangeFailureRate(deployments, week).failedCount).toBe(0);
  });

  it('produces a daily trend of percentages with nulls on quiet days', () => {
    const deployments = [
      deployment({ createdAt: TODAY, state: 'ERROR' }),
      deployment({ createdAt: TODAY + HOUR }),
    ];
    const result = computeChangeFailureRate(deployments, week);
    expect(result.trend.at(-1)).toEqual({ start: '2026-11-23', value: 50 });
    expect(result.trend.at(0)?.value).toBeNull();
  });
});
