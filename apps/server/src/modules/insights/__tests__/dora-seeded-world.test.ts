import type { DoraResult } from '@shipdeck/shared/insights';
import { doraResultSchema } from '@shipdeck/shared/insights';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../lib/clock.js';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';

/*
 * A small world seeded straight into the synced tables, read back through GET /api/insights/dora
 * and the SQL loader. Every expected figure below is worked out by hand in these comments, not by
 * calling the metric code.
 *
 * Times are "n days ago at hh:mm" UTC: at(n, h, m) = start of today - n days + h:m. Windows end at
 * the end of today, so the 7-day window holds n = 0..6, the 30-day one n = 0..29, 90-day n = 0..89.
 * One Vercel project (prj_web) linked to octo/web. A READY build is created at c, building at
 * c + 1 min and READY at c + 4 min; an ERROR one has no ready time.
 *
 *   id   n   created  state  sha  what
 *   d1   60  10:00    READY  s1   ships PR #1; the project's first recorded production deployment
 *   d2   45  10:00    ERROR  s2   PR #2, build failed
 *   d3   45  12:00    READY  s3   direct fix commit: restores d2, and ships PR #2 (first build after its merge)
 *   d4   20  09:00    READY  s4   ships PR #4
 *   d5   15  09:00    READY  s5   ships PR #5, then rolled back
 *   d6   15  11:00    READY  s4   rollback: s4 was already shipped by d4 and s5 was live
 *   d7   10  14:00    READY  s7   ships PR #7
 *   d8    5  10:00    READY  s8   ships PR #8
 *   d9    3  10:00    READY  s9   ships PR #9, then reverted
 *   d10   3  16:00    READY  s10  direct commit 'Revert "Add search"'
 *   d11   1  10:00    ERROR  s11  PR #11, never restored
 *   p1,p2 preview builds (one READY, one ERROR): every key must ignore them.
 *
 * Changes (PR opened, merged; first commit = the earlier of opening and its head commit):
 *   #1  opened 62 09:00, merged 60 09:30 -> d1 ready 60 10:04: 2 d 1 h 4 m      = 2944 min
 *   #2  opened 46 10:00, merged 45 09:00 -> d3 ready 45 12:04: 1 d 2 h 4 m      = 1564 min
 *   s3  committed 45 11:30 (direct)      -> d3 ready 45 12:04:                   =   34 min
 *   #4  opened 21 09:00, merged 20 08:00 -> d4 ready 20 09:04: 1 d 4 m          = 1444 min
 *   #5  opened 15 06:00, merged 15 08:30 -> d5 ready 15 09:04: 3 h 4 m          =  184 min
 *   #7  opened 12 14:00, merged 10 13:00 -> d7 ready 10 14:04: 2 d 4 m          = 2884 min
 *   #8  head commit 7 16:00, opened 6 10:00, merged 5 09:00 -> d8 ready 5 10:04:
 *       from 7 16:00: 1 d 18 h 4 m                                             = 2524 min
 *   #9  opened 4 07:00, merged 3 09:30   -> d9 ready 3 10:04: 1 d 3 h 4 m       = 1624 min
 *   s10 committed 3 15:50 (direct)       -> d10 ready 3 16:04:                  =   14 min
 *   #11 merged 1 09:00, only build d11 errored and nothing READY since: not shipped.
 *   #12 still open: not a change yet.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;

interface Expected {
  frequency: { total: number; perDay: number; perWeek: number; perMonth: number; band: string };
  lead: { median: number; changes: number; deployments: number; band: string };
  failure: {
    percent: number;
    deployments: number;
    failed: number;
    error: number;
    revert: number;
    rollback: number;
    band: string;
  };
  restore: {
    median: number;
    restored: number;
    unrestored: number;
    deployments: number;
    band: string;
  };
}

const expected: Record<7 | 30 | 90, Expected> = {
  /*
   * 7 days (n <= 6).
   * Frequency: READY d8, d9, d10 -> 3; 3 / 7 = 0.43 a day. One whole week: deployment days
   *   {n5, n3} = 2; one 30-day period (shorter window) also 2. 2 >= 1 a week -> high.
   * Lead: #8 2524, #9 1624, s10 14 -> sorted 14, 1624, 2524 -> median 1624 min (1 to 7 days: high),
   *   3 changes over d8, d9, d10 = 3 deployments.
   * Failure: finished d8, d9, d10, d11 = 4; d9 reverted within 24 h (d10 is "Revert ..." 5 h 56 m
   *   after d9 went live), d11 error -> 2 / 4 = 50% -> low (> 15%).
   * Restore: incidents starting in the window: d9 (live 10:04 -> d10 ready 16:04 = 360 min) and
   *   d11 (unrestored). Median 360 min: under a day -> high. 2 failed deployments.
   */
  7: {
    frequency: { total: 3, perDay: 0.43, perWeek: 2, perMonth: 2, band: 'high' },
    lead: { median: 1624, changes: 3, deployments: 3, band: 'high' },
    failure: {
      percent: 50,
      deployments: 4,
      failed: 2,
      error: 1,
      revert: 1,
      rollback: 0,
      band: 'low',
    },
    restore: { median: 360, restored: 1, unrestored: 1, deployments: 2, band: 'high' },
  },
  /*
   * 30 days (n <= 29).
   * Frequency: READY d4, d5, d6, d7, d8, d9, d10 -> 7; 7 / 30 = 0.23 a day. Four whole weeks
   *   counted back from the end of today: week 0 (n 0..6) days {5, 3} = 2, week 1 (n 7..13) {10}
   *   = 1, week 2 (n 14..20) {15, 20} = 2, week 3 (n 21..27) = 0 -> sorted 0, 1, 2, 2 -> median
   *   1.5. One 30-day period: days {3, 5, 10, 15, 20} = 5. 1.5 >= 1 a week -> high.
   * Lead: adds #4 1444, #5 184, #7 2884 -> sorted 14, 184, 1444, 1624, 2524, 2884 -> median
   *   (1444 + 1624) / 2 = 1534 min -> high; 6 changes over 6 deployments (d4 d5 d7 d8 d9 d10).
   * Failure: finished d4..d11 = 8; failed d5 (rollback: d6 came 1 h 56 m after d5 went live),
   *   d9 (revert), d11 (error) -> 3 / 8 = 37.5% -> low.
   * Restore: d5 (live 09:04 -> d6 ready 11:04 = 120 min), d9 360, d11 unrestored -> median
   *   (120 + 360) / 2 = 240 min -> high; 3 failed deployments.
   */
  30: {
    frequency: { total: 7, perDay: 0.23, perWeek: 1.5, perMonth: 5, band: 'high' },
    lead: { median: 1534, changes: 6, deployments: 6, band: 'high' },
    failure: {
      percent: 37.5,
      deployments: 8,
      failed: 3,
      error: 1,
      revert: 1,
      rollback: 1,
      band: 'low',
    },
    restore: { median: 240, restored: 2, unrestored: 1, deployments: 3, band: 'high' },
  },
  /*
   * 90 days (n <= 89).
   * Frequency: all 9 READY; 9 / 90 = 0.1 a day. Twelve whole weeks: week 0 = 2, 1 = 1, 2 = 2,
   *   week 6 (n 42..48) {45} = 1, week 8 (n 56..62) {60} = 1, seven weeks with none -> sorted
   *   0 x7, 1, 1, 1, 2, 2 -> median of the 6th and 7th = 0. Three 30-day periods: n 0..29 -> 5
   *   days, n 30..59 -> {45} = 1, n 60..89 -> {60} = 1 -> median 1. Under once a week but at
   *   least once a month -> medium.
   * Lead: adds #2 1564 and s3 34; #1 (2944) is left out, since d1 is the project's first recorded
   *   deployment -> eight values 14, 34, 184, 1444, 1564, 1624, 2524, 2884 -> median (1444 + 1564)
   *   / 2 = 1504 min -> high; 8 changes over 7 deployments (d3 ships #2 and s3).
   * Failure: all 11 finished; failed d2, d5, d9, d11 -> 4 / 11 = 36.4% -> low.
   * Restore: d2 (created 10:00 -> d3 ready 12:04 = 124 min), d5 120, d9 360, d11 unrestored ->
   *   sorted 120, 124, 360 -> median 124 min -> high; 4 failed deployments.
   */
  90: {
    frequency: { total: 9, perDay: 0.1, perWeek: 0, perMonth: 1, band: 'medium' },
    lead: { median: 1504, changes: 8, deployments: 7, band: 'high' },
    failure: {
      percent: 36.4,
      deployments: 11,
      failed: 4,
      error: 2,
      revert: 1,
      rollback: 1,
      band: 'low',
    },
    restore: { median: 124, restored: 3, unrestored: 1, deployments: 4, band: 'high' },
  },
};

describe.each(testDialects)('DORA over a hand-computed seeded world on %s', (dialect) => {
  const t = useTestApp(dialect);
  const startOfToday = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const at = (n: number, h: number, m = 0) =>
    new Date(startOfToday - n * DAY_MS + h * HOUR + m * MIN).toISOString();
  let token = '';

  beforeAll(async () => {
    const user = await signUpAndLogIn(t.app);
    token = user.token;
    const db = t.app.db;
    const synced = new Date().toISOString();
    await db
      .insertInto('github_repositories')
      .values({
        id: 9001,
        name: 'web',
        full_name: 'octo/web',
        owner_login: 'octo',
        owner_avatar_url: 'https://avatars.example/octo',
        description: null,
        private: 0,
        fork: 0,
        archived: 0,
        language: 'TypeScript',
        stargazers_count: 0,
        forks_count: 0,
        watchers_count: 0,
        open_issues_count: 0,
        created_at: at(100, 0),
        updated_at: at(1, 0),
        pushed_at: at(1, 0),
        html_url: 'https://github.com/octo/web',
        default_branch: 'main',
        size: 1,
        topics: '[]',
        synced_at: synced,
      })
      .execute();
    await db
      .insertInto('github_repository_access')
      .values({ user_id: user.userId, repository_id: 9001, synced_at: synced })
      .execute();
    await db
      .insertInto('vercel_projects')
      .values({
        user_id: user.userId,
        id: 'prj_web',
        name: 'web',
        framework: 'nextjs',
        link_type: 'github',
        link_org: 'octo',
        link_repo: 'web',
        link_repo_id: 9001,
        link_production_branch: 'main',
        production_deployment_id: 'd10',
        created_at: at(100, 0),
        updated_at: at(1, 0),
        synced_at: synced,
      })
      .execute();

    const deployments: [string, number, number, 'READY' | 'ERROR', string, string][] = [
      ['d1', 60, 10, 'READY', 's1', 'Add login'],
      ['d2', 45, 10, 'ERROR', 's2', 'Add cache'],
      ['d3', 45, 12, 'READY', 's3', 'Fix cache build'],
      ['d4', 20, 9, 'READY', 's4', 'Add settings'],
      ['d5', 15, 9, 'READY', 's5', 'Rewrite router'],
      ['d6', 15, 11, 'READY', 's4', 'Add settings'],
      ['d7', 10, 14, 'READY', 's7', 'Add billing'],
      ['d8', 5, 10, 'READY', 's8', 'Add search'],
      ['d9', 3, 10, 'READY', 's9', 'Add search filters'],
      ['d10', 3, 16, 'READY', 's10', 'Revert "Add search filters"'],
      ['d11', 1, 10, 'ERROR', 's11', 'Add exports'],
    ];
    const rows: {
      id: string;
      n: number;
      h: number;
      state: string;
      sha: string;
      message: string;
      target: 'production' | 'preview';
    }[] = deployments.map(([id, n, h, state, sha, message]) => ({
      id,
      n,
      h,
      state,
      sha,
      message,
      target: 'production' as const,
    }));
    rows.push(
      { id: 'p1', n: 2, h: 8, state: 'READY', sha: 's12', message: 'Preview', target: 'preview' },
      { id: 'p2', n: 2, h: 9, state: 'ERROR', sha: 's12', message: 'Preview', target: 'preview' },
    );
    await db
      .insertInto('vercel_deployments')
      .values(
        rows.map((row) => ({
          user_id: user.userId,
          id: row.id,
          project_id: 'prj_web',
          name: 'web',
          url: `web-${row.id}.vercel.app`,
          inspector_url: null,
          state: row.state,
          target: row.target,
          branch: 'main',
          commit_sha: row.sha,
          commit_message: row.message,
          commit_author_name: null,
          commit_author_login: null,
          commit_org: 'octo',
          commit_repo: 'web',
          commit_repo_id: 9001,
          pr_id: null,
          error_code: null,
          error_message: null,
          created_at: at(row.n, row.h),
          building_at: at(row.n, row.h, 1),
          ready_at: row.state === 'READY' ? at(row.n, row.h, 4) : null,
          updated_at: at(row.n, row.h, 4),
          build_log: null,
          build_log_fetched_at: null,
          synced_at: synced,
        })),
      )
      .execute();

    // [number, opened, merged (null: still open), head sha]
    const pulls: [number, string, string | null, string][] = [
      [1, at(62, 9), at(60, 9, 30), 's1'],
      [2, at(46, 10), at(45, 9), 's2'],
      [4, at(21, 9), at(20, 8), 's4'],
      [5, at(15, 6), at(15, 8, 30), 's5'],
      [7, at(12, 14), at(10, 13), 's7'],
      [8, at(6, 10), at(5, 9), 's8'],
      [9, at(4, 7), at(3, 9, 30), 's9'],
      [11, at(2, 10), at(1, 9), 's11'],
      [12, at(1, 8), null, 's13'],
    ];
    await db
      .insertInto('github_pull_requests')
      .values(
        pulls.map(([number, opened, merged, sha]) => ({
          id: 70000 + number,
          repository_id: 9001,
          number,
          title: `Change ${number}`,
          body: null,
          state: merged === null ? ('open' as const) : ('closed' as const),
          draft: 0,
          merged_at: merged,
          author_login: 'octo',
          author_avatar_url: null,
          head_sha: sha,
          head_ref: `change-${number}`,
          head_repo_name: 'web',
          head_repo_html_url: 'https://github.com/octo/web',
          base_ref: 'main',
          html_url: `https://github.com/octo/web/pull/${number}`,
          comments: 0,
          requested_reviewers: '[]',
          assignees: '[]',
          created_at: opened,
          updated_at: merged ?? opened,
          closed_at: merged,
          review_state: null,
          checks_state: null,
          synced_at: synced,
        })),
      )
      .execute();

    // Default-branch commits: PR #8's head (claimed by #8) and the two direct pushes.
    const commits: [string, string, string][] = [
      ['s8', at(7, 16), 'Add search'],
      ['s3', at(45, 11, 30), 'Fix cache build'],
      ['s10', at(3, 15, 50), 'Revert "Add search filters"'],
    ];
    await db
      .insertInto('github_commits')
      .values(
        commits.map(([sha, committed, message]) => ({
          repository_id: 9001,
          sha,
          message,
          author_name: 'Octo',
          author_login: 'octo',
          author_avatar_url: null,
          committed_at: committed,
          committer_date: committed,
          html_url: `https://github.com/octo/web/commit/${sha}`,
          synced_at: synced,
        })),
      )
      .execute();
  });

  const dora = async (days: number): Promise<DoraResult> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/insights/dora?days=${days}&repo=octo%2Fweb`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return doraResultSchema.parse(response.json<{ data: unknown }>().data);
  };

  it.each([7, 30, 90] as const)(
    'answers the hand-computed four keys over %i days',
    async (days) => {
      const want = expected[days];
      const { metrics, hasDeploymentData, repositories } = await dora(days);
      expect(hasDeploymentData).toBe(true);
      expect(repositories).toEqual(['octo/web']);

      const frequency = metrics.deploymentFrequency;
      expect(frequency.total).toBe(want.frequency.total);
      expect(frequency.perDay).toBe(want.frequency.perDay);
      expect(frequency.medianDeploymentDaysPerWeek).toBe(want.frequency.perWeek);
      expect(frequency.medianDeploymentDaysPerMonth).toBe(want.frequency.perMonth);
      expect(frequency.band).toBe(want.frequency.band);

      expect(metrics.leadTime.medianMinutes).toBe(want.lead.median);
      expect(metrics.leadTime.changeCount).toBe(want.lead.changes);
      expect(metrics.leadTime.deploymentCount).toBe(want.lead.deployments);
      expect(metrics.leadTime.band).toBe(want.lead.band);

      const failure = metrics.changeFailureRate;
      expect(failure.percent).toBe(want.failure.percent);
      expect(failure.deploymentCount).toBe(want.failure.deployments);
      expect(failure.failedCount).toBe(want.failure.failed);
      expect(failure.errorCount).toBe(want.failure.error);
      expect(failure.revertCount).toBe(want.failure.revert);
      expect(failure.rollbackCount).toBe(want.failure.rollback);
      expect(failure.band).toBe(want.failure.band);

      const restore = metrics.timeToRestore;
      expect(restore.medianMinutes).toBe(want.restore.median);
      expect(restore.restoredCount).toBe(want.restore.restored);
      expect(restore.unrestoredCount).toBe(want.restore.unrestored);
      expect(restore.deploymentCount).toBe(want.restore.deployments);
      expect(restore.band).toBe(want.restore.band);
    },
  );

  it('draws the 7-day deployment trend one day a point: d8 five days ago, d9 and d10 three', async () => {
    const { metrics, bucket } = await dora(7);
    expect(bucket).toBe('day');
    // Oldest first: n = 6, 5, 4, 3, 2, 1, 0.
    expect(metrics.deploymentFrequency.trend.map((point) => point.value)).toEqual([
      0, 1, 0, 2, 0, 0, 0,
    ]);
    expect(metrics.deploymentFrequency.trend[1]?.start).toBe(at(5, 0).slice(0, 10));
  });

  it('answers the same figures across all repositories, the only one being octo/web', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/insights/dora?days=30',
      headers: bearer(token),
    });
    const all = doraResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(all.repo).toBeNull();
    expect(all.metrics).toEqual((await dora(30)).metrics);
  });
});
