import { describe, expect, it } from 'vitest';
import type { ChangeRecord } from '../dora-records.js';
import { windowEndingAt } from '../dora-window.js';
import { computeLeadTime } from '../lead-time.js';
import { DAY, deployment, HOUR, MIN, NOW, TODAY } from './dora-fixtures.js';

const week = windowEndingAt(NOW, 7);

function change(overrides: Partial<ChangeRecord> & { firstCommitAt: number }): ChangeRecord {
  return { projectId: 'prj_web', mergedAt: overrides.firstCommitAt, shas: [], ...overrides };
}

describe('computeLeadTime', () => {
  it('has no figure without deployments', () => {
    const result = computeLeadTime([change({ firstCommitAt: TODAY })], [], week);
    expect(result.medianMinutes).toBeNull();
    expect(result.band).toBeNull();
    expect(result.changeCount).toBe(0);
    expect(result.explanation).toContain('No change reached production');
  });

  it('measures first commit → the production deployment carrying its SHA', () => {
    // Created 10:00, building 10:01, ready 10:03; first commit at 08:00 → 123 minutes.
    const shipped = deployment({ createdAt: TODAY + 10 * HOUR, commitSha: 'merge1' });
    const result = computeLeadTime(
      [change({ firstCommitAt: TODAY + 8 * HOUR, mergedAt: TODAY + 9 * HOUR, shas: ['merge1'] })],
      [shipped],
      week,
    );
    expect(result.medianMinutes).toBe(123);
    expect(result.band).toBe('elite');
    expect(result.changeCount).toBe(1);
    expect(result.deploymentCount).toBe(1);
    expect(result.explanation).toContain('2.1 h');
  });

  it('joins a change without a matching SHA to the first production build after its merge', () => {
    const deployments = [
      deployment({ createdAt: TODAY - 3 * DAY, commitSha: 'older' }),
      deployment({ createdAt: TODAY - 2 * DAY, commitSha: 'later', state: 'ERROR' }),
      deployment({ createdAt: TODAY - DAY, commitSha: 'batched' }),
    ];
    const result = computeLeadTime(
      [change({ firstCommitAt: TODAY - 4 * DAY, mergedAt: TODAY - 2.5 * DAY, shas: ['pr-head'] })],
      deployments,
      week,
    );
    // 4 days before today → ready at today - 1 day + 3 min: 3 days and 3 minutes.
    expect(result.medianMinutes).toBe(3 * 24 * 60 + 3);
    expect(result.band).toBe('high');
  });

  it("leaves out a project's first recorded deployment and the old changes it ships", () => {
    // The first deployment Shipdeck ever saw carries a change begun 200 days ago; the next one a
    // change of today's. Only the second is lead time (DevLake #8790 counts the first).
    const first = deployment({ createdAt: TODAY - 2 * DAY, commitSha: 'first' });
    first.firstRecorded = true;
    const next = deployment({ createdAt: TODAY + 2 * HOUR, commitSha: 'next' });
    const result = computeLeadTime(
      [
        change({ firstCommitAt: TODAY - 200 * DAY, mergedAt: TODAY - 3 * DAY, shas: ['old'] }),
        change({ firstCommitAt: TODAY + HOUR, mergedAt: TODAY + HOUR, shas: ['next'] }),
      ],
      [first, next],
      week,
    );
    expect(result.changeCount).toBe(1);
    expect(result.deploymentCount).toBe(1);
    expect(result.medianMinutes).toBe(63);
    expect(result.explanation).toContain('first recorded production deployment is left out');
  });

  it('takes the median over changes, whatever order the deployments arrive in', () => {
    const deployments = [
      deployment({ createdAt: TODAY + 5 * HOUR, commitSha: 'c' }),
      deployment({ createdAt: TODAY + HOUR, commitSha: 'a' }),
      deployment({ createdAt: TODAY + 3 * HOUR, commitSha: 'b' }),
    ];
    const changes = [
      change({ firstCommitAt: TODAY + HOUR - 60 * MIN, shas: ['a'] }), // 63 min
      change({ firstCommitAt: TODAY + 3 * HOUR - 10 * MIN, shas: ['b'] }), // 13 min
      change({ firstCommitAt: TODAY - 30 * DAY, shas: ['c'] }), // a month
    ];
    const result = computeLeadTime(changes, deployments, week);
    expect(result.medianMinutes).toBe(63);
    expect(result.changeCount).toBe(3);
    expect(result.deploymentCount).toBe(3);
  });

  it('leaves out changes shipped before the window and changes never shipped', () => {
    const deployments = [deployment({ createdAt: TODAY - 10 * DAY, commitSha: 'old' })];
    const result = computeLeadTime(
      [
        change({ firstCommitAt: TODAY - 11 * DAY, shas: ['old'] }),
        change({ firstCommitAt: TODAY, mergedAt: TODAY + HOUR, shas: ['unshipped'] }),
      ],
      deployments,
      week,
    );
    expect(result.changeCount).toBe(0);
    expect(result.medianMinutes).toBeNull();
  });
});
