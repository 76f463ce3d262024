import type { DoraResult } from '@shipdeck/shared/insights';
import { doraResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../lib/clock.js';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { connectVercel } from '../../../test-vercel.js';

/*
 * The emulator's own seeded world (the demo's shape and seed 1), generated as of the start of
 * today (UTC) so every date below falls in the same windows whatever day the test runs on. It is
 * synced through the real sign-in, GitHub sync and Vercel connect, then read through
 * GET /api/insights/dora?repo=octocat/.github. Every expected figure is worked out by hand from
 * the synced rows listed here (T = the start of today; dates are T minus whole days, as the
 * generator wrote them on 2026-11-25, T = 2026-11-25T00:00Z), never by calling the metric code.
 *
 * Windows end at T + 1 day: 7 days from T-6 d, 30 from T-29 d, 90 from T-89 d.
 *
 * Production deployments of the project linked to octocat/.github (created, ready; SHA):
 *   P1  09-09 22:34:38.397  READY 22:37:43.397  5174228b  (T-77 d)
 *   P2  09-16 06:09:07.363  READY 06:09:47.363  1dc77c10
 *   P3  09-16 12:16:15.332  READY 12:18:53.332  edf3b410
 *   P4  10-14 03:38:38.614  READY 03:41:45.614  ab91a65e
 *   P5  10-21 09:04:31.636  READY 09:07:49.636  465af0e4
 *   P6  10-26 05:09:17.453  READY 05:10:57.453  d782727f
 *   P7  10-29 12:51:22.542  READY 12:55:08.542  1278256b  (T-27 d)
 *   P8  11-11 00:05:42.913  ERROR                6ae14f0e  "fix: revert avatar" (not a revert:
 *                                                          the rule wants the title to start so)
 *   P9  11-20 02:02:05.093  CANCELED             60ce3e10  (neither READY nor failed)
 *   Five preview builds besides: no key counts them.
 *
 * Changes: the last pull request merged (#10) was merged 05-08, before every window's 90-day
 * look-back, so every synced default-branch commit since is a direct push (authored, pushed):
 *   C1 06-08 14:09:28  C2 06-23 23:30:35  C3 06-30 09:34:08  C4 06-30 01:33:37
 *   C5 07-15 11:33:27  C6 07-22 21:59:05  C7 08-11 14:08:19  C8 08-11 19:28:21   (pushed before
 *   09-09; no build carries them, so each ships with the first READY production build made
 *   after its push: P1)
 *   C9  09-09 14:26:19 -> P1 (its SHA)        C10 09-15 04:55:21 -> P2   C11 09-16 08:08:49 -> P3
 *   C12 10-13 01:27:31 -> P4  C13 10-20 00:09:02 -> P5  C14 10-25 17:59:02 -> P6
 *   C15 10-28 04:37:11 -> P7  C16 (P8 failed, nothing READY since) and C17 (P9) never shipped.
 */
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const emulator = useEmulator({
  seed: 1,
  now: today,
  repos: 40,
  richRepos: 24,
  projects: 8,
  deploymentsPerProject: 14,
  warmUp: false,
});

type Metrics = DoraResult['metrics'];

const expected: Record<7 | 30 | 90, Metrics> = {
  /*
   * 7 days (from 11-19): nothing reached READY (P9 was cancelled), nothing finished, nothing
   * failed. Every key is empty and says so.
   */
  7: {
    deploymentFrequency: {
      band: null,
      total: 0,
      perDay: 0,
      medianDeploymentDaysPerWeek: 0,
      medianDeploymentDaysPerMonth: 0,
      deploymentCount: 0,
      trend: [],
      explanation:
        'No production deployment reached READY in the last 7 days, so there is nothing to rate.',
    },
    leadTime: {
      band: null,
      medianMinutes: null,
      changeCount: 0,
      deploymentCount: 0,
      trend: [],
      explanation:
        'No change reached production in this window, so there is no lead time to measure.',
    },
    changeFailureRate: {
      band: null,
      percent: null,
      failedCount: 0,
      errorCount: 0,
      revertCount: 0,
      rollbackCount: 0,
      deploymentCount: 0,
      trend: [],
      explanation: 'No production deployment finished in this window, so there is no failure rate.',
    },
    timeToRestore: {
      band: null,
      medianMinutes: null,
      restoredCount: 0,
      unrestoredCount: 0,
      deploymentCount: 0,
      trend: [],
      explanation:
        'No production deployment failed in this window, so there was nothing to restore.',
    },
  },
  /*
   * 30 days (from 10-27).
   * Frequency: P7 only -> 1, 1 / 30 = 0.03 a day. Four whole weeks back from 11-26: P7's
   *   10-29 12:55 is 27 d 11 h before the end -> the fourth week; weeks 0, 0, 0, 1 -> median 0.
   *   One 30-day period: 1 day. Under once a week, at least once a month -> medium.
   * Lead: C15, authored 10-28 04:37:11, live 10-29 12:55:08.542: 1 d 8 h 17 min 57.542 s =
   *   1937.959 min -> 1938 (one decimal); a day or more, under a week -> high. C7 to C14 shipped
   *   before the window; C16, C17 never.
   * Failure: finished P7 (READY) and P8 (ERROR) -> 1 of 2 = 50% -> low.
   * Restore: P8 failed 11-11 and no READY build followed: 1 unrestored, no median.
   */
  30: {
    deploymentFrequency: {
      band: 'medium',
      total: 1,
      perDay: 0.03,
      medianDeploymentDaysPerWeek: 0,
      medianDeploymentDaysPerMonth: 1,
      deploymentCount: 1,
      trend: [],
      explanation:
        '1 production deployment reached READY in the last 30 days. The band uses deployment days (a day with any number of deployments counts once): a median of 0 per week and 1 per 30 days.',
    },
    leadTime: {
      band: 'high',
      medianMinutes: 1938,
      changeCount: 1,
      deploymentCount: 1,
      trend: [],
      explanation:
        "Median time from a change's first commit to the production deployment that shipped it: 32.3 h, over 1 change shipped by 1 production deployment. Changes are joined to deployments by commit SHA, or else by the first production build after the merge. A project's first recorded production deployment is left out: it carries every change made before it, however old.",
    },
    changeFailureRate: {
      band: 'low',
      percent: 50,
      failedCount: 1,
      errorCount: 1,
      revertCount: 0,
      rollbackCount: 0,
      deploymentCount: 2,
      trend: [],
      explanation: '',
    },
    timeToRestore: {
      band: null,
      medianMinutes: null,
      restoredCount: 0,
      unrestoredCount: 1,
      deploymentCount: 1,
      trend: [],
      explanation:
        'No failed production deployment in this window has been restored yet. 1 failure not restored yet (no READY production deployment since) is left out of the median.',
    },
  },
  /*
   * 90 days (from 08-28).
   * Frequency: P1 to P7 -> 7, 7 / 90 = 0.08 a day. Twelve whole weeks back from 11-26 (the
   *   n-th holds what ready-time lies 7n to 7n + 7 days before the end): P7 27.5 d -> 3, P6
   *   30.8 d -> 4, P5 35.6 d -> 5, P4 42.8 d -> 6, P2 and P3 on 09-16, 70.5-70.7 d -> 10 (one
   *   day), P1 77.1 d -> 11: six weeks with 1 day, six with none -> median 0.5. Three 30-day
   *   periods: from 10-27 {10-29} = 1, from 09-27 {10-14, 10-21, 10-26} = 3, from 08-28 {09-09,
   *   09-16} = 2 -> median 2. Under once a week, at least once a month -> medium.
   * Lead (minutes from authored to live): P1 is the project's first recorded production
   *   deployment, so C1 to C9, which it ships (some pushed five months before anyone deployed),
   *   are left out; they would make the median 41949.4 (29.1 days). Six changes over P2 to P7:
   *   C11 250.072, C14 671.924, C10 1514.439, C12 1574.244, C15 1937.959, C13 1978.794 ->
   *   (1514.439 + 1574.244) / 2 = 1544.342 -> 1544.3 (25.7 h): a day to a week -> high.
   * Failure: P1 to P8 finished, P8 failed; no revert (no title starts with "Revert") and no
   *   rollback (no SHA shipped twice) -> 1 / 8 = 12.5% -> medium.
   * Restore: as for 30 days.
   */
  90: {
    deploymentFrequency: {
      band: 'medium',
      total: 7,
      perDay: 0.08,
      medianDeploymentDaysPerWeek: 0.5,
      medianDeploymentDaysPerMonth: 2,
      deploymentCount: 7,
      trend: [],
      explanation:
        '7 production deployments reached READY in the last 90 days. The band uses deployment days (a day with any number of deployments counts once): a median of 0.5 per week and 2 per 30 days.',
    },
    leadTime: {
      band: 'high',
      medianMinutes: 1544.3,
      changeCount: 6,
      deploymentCount: 6,
      trend: [],
      explanation:
        "Median time from a change's first commit to the production deployment that shipped it: 25.7 h, over 6 changes shipped by 6 production deployments. Changes are joined to deployments by commit SHA, or else by the first production build after the merge. A project's first recorded production deployment is left out: it carries every change made before it, however old.",
    },
    changeFailureRate: {
      band: 'medium',
      percent: 12.5,
      failedCount: 1,
      errorCount: 1,
      revertCount: 0,
      rollbackCount: 0,
      deploymentCount: 8,
      trend: [],
      explanation: '',
    },
    timeToRestore: {
      band: null,
      medianMinutes: null,
      restoredCount: 0,
      unrestoredCount: 1,
      deploymentCount: 1,
      trend: [],
      explanation:
        'No failed production deployment in this window has been restored yet. 1 failure not restored yet (no READY production deployment since) is left out of the median.',
    },
  },
};

/** Everything but the trends (checked apart) and the failure rate's rule sentence. */
function figures(metrics: Metrics) {
  const { changeFailureRate, ...rest } = metrics;
  const strip = <T extends { trend: unknown }>({ trend: _trend, ...figure }: T) => figure;
  return {
    deploymentFrequency: strip(rest.deploymentFrequency),
    leadTime: strip(rest.leadTime),
    changeFailureRate: { ...strip(changeFailureRate), explanation: '' },
    timeToRestore: strip(rest.timeToRestore),
  };
}

describe.each(testDialects)("DORA over the emulator's seeded world on %s", (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
    get vercel() {
      return emulator.vercelConfig;
    },
  });

  it('answers the hand-computed figures for octocat/.github over 7, 30 and 90 days', async () => {
    const token = await signInWithGithub(t.app);
    await connectVercel(t.app, token, { token: emulator.handle.demo.vercelToken });
    for (const days of [7, 30, 90] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/insights/dora?days=${days}&repo=octocat/.github`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const result = doraResultSchema.parse(response.json<{ data: unknown }>().data);
      expect(result.repositories).toEqual(['octocat/.github']);
      expect(result.hasDeploymentData).toBe(true);
      expect(figures(result.metrics), `${days} days`).toEqual(figures(expected[days]));
      const failure = result.metrics.changeFailureRate.explanation;
      if (days === 30) expect(failure).toMatch(/^1 of 2 finished production deployments failed/);
      if (days === 90) expect(failure).toMatch(/^1 of 8 finished production deployments failed/);
    }
  }, 60_000);

  it('draws the 90-day deployment trend a week a point, P2 and P3 together', async () => {
    const token = await signInWithGithub(t.app);
    await connectVercel(t.app, token, { token: emulator.handle.demo.vercelToken });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/insights/dora?days=90&repo=octocat/.github',
      headers: bearer(token),
    });
    const result = doraResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(result.bucket).toBe('week');
    // Twelve weekly buckets oldest first, the first from 09-03 (84 days before the end): P1 on
    // 09-09; P2 and P3 on 09-16; none until P4 (10-14, 41.2 d in), P5 (48.4), P6 (53.2), P7
    // (56.5 d, the ninth); the last three weeks none. A bucket counts builds, not days.
    expect(result.metrics.deploymentFrequency.trend.map((point) => point.value)).toEqual([
      1, 2, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0,
    ]);
  }, 60_000);
});
