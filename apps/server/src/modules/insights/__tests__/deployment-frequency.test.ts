import { describe, expect, it } from 'vitest';
import { computeDeploymentFrequency } from '../deployment-frequency.js';
import { windowEndingAt } from '../dora-window.js';
import { DAY, deployment, HOUR, NOW, TODAY } from './dora-fixtures.js';

const week = windowEndingAt(NOW, 7);
const month = windowEndingAt(NOW, 30);

describe('computeDeploymentFrequency', () => {
  it('has no band and an honest sentence without deployments', () => {
    const result = computeDeploymentFrequency([], week);
    expect(result.band).toBeNull();
    expect(result.total).toBe(0);
    expect(result.trend).toHaveLength(7);
    expect(result.trend.every((point) => point.value === 0)).toBe(true);
    expect(result.explanation).toContain('No production deployment reached READY');
  });

  it('rates one deployment in a week as high (one deployment day per week)', () => {
    const result = computeDeploymentFrequency([deployment({ createdAt: TODAY + HOUR })], week);
    expect(result.total).toBe(1);
    expect(result.medianDeploymentDaysPerWeek).toBe(1);
    expect(result.band).toBe('high');
    expect(result.trend.at(-1)).toEqual({ start: '2026-11-23', value: 1 });
    expect(result.explanation).toContain(
      '1 production deployment reached READY in the last 7 days',
    );
  });

  it('counts only READY production deployments, and a busy day once for the band', () => {
    const deployments = [
      deployment({ createdAt: TODAY + HOUR }),
      deployment({ createdAt: TODAY + 2 * HOUR }),
      deployment({ createdAt: TODAY + 3 * HOUR, state: 'ERROR' }),
      deployment({ createdAt: TODAY + 4 * HOUR, production: false }),
      deployment({ createdAt: TODAY - DAY + HOUR, state: 'BUILDING' }),
    ];
    const result = computeDeploymentFrequency(deployments, week);
    expect(result.total).toBe(2);
    expect(result.medianDeploymentDaysPerWeek).toBe(1);
    expect(result.trend.at(-1)?.value).toBe(2);
  });

  it('is elite with a deployment every day, in any event order', () => {
    const deployments = Array.from({ length: 28 }, (_, day) =>
      deployment({ createdAt: TODAY - day * DAY + HOUR }),
    ).reverse();
    const shuffled = [...deployments.slice(14), ...deployments.slice(0, 14)];
    const result = computeDeploymentFrequency(shuffled, month);
    expect(result.medianDeploymentDaysPerWeek).toBe(7);
    expect(result.band).toBe('elite');
    expect(result.trend).toHaveLength(30);
    expect(result.trend.filter((point) => point.value === 1)).toHaveLength(28);
  });

  it('falls to medium when weeks are mostly empty but each month has a deployment day', () => {
    const deployments = [
      deployment({ createdAt: TODAY - 3 * DAY }),
      deployment({ createdAt: TODAY - 40 * DAY }),
      deployment({ createdAt: TODAY - 70 * DAY }),
    ];
    const result = computeDeploymentFrequency(deployments, windowEndingAt(NOW, 90));
    expect(result.medianDeploymentDaysPerWeek).toBe(0);
    expect(result.medianDeploymentDaysPerMonth).toBe(1);
    expect(result.band).toBe('medium');
    // 90 days draw weekly points.
    expect(result.trend).toHaveLength(12);
  });

  it('ignores deployments outside the window', () => {
    const result = computeDeploymentFrequency([deployment({ createdAt: TODAY - 8 * DAY })], week);
    expect(result.total).toBe(0);
  });
});
