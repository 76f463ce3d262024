import type { ShipPullRequest } from '@shipdeck/shared/insights';
import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { storePullRequest, storeRepository } from '../../github-store/__tests__/store-fixtures.js';

const emulator = useEmulator({ repos: 4, richRepos: 1, projects: 1 });

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/*
 * One repository, octo/shop, linked to the Vercel project prj_shop, and what its pull requests
 * must show, worked out by hand (t = now):
 *
 *   #1 merged at t-10 min (head h1). prj_shop's production build of the merge commit m1 started
 *      at t-5 min and is BUILDING -> "production building". The project's READY builds took
 *      1, 2, 5 and 2 min (b1, b2, b3, m2) -> median 2 min, from 4 builds -> ready at t-5+2 min.
 *   #2 merged at t-30 min (head h2): m2, a production build made at t-25 min, is READY -> "live",
 *      although it carries the merge commit's SHA, not h2.
 *   #3 open, review required, checks pending, head h3: its preview build started at t-30 s ->
 *      stage "review", preview building, ready at t-30 s+2 min from the same 4 builds.
 *   #4 merged at t-3 min (head h4): only a READY production build of another repository's
 *      project came after it -> still "merged".
 */
describe.each(testDialects)('ship stage and ETA from synced deployments on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('follows a merged pull request to production by its linked project and estimates from the project history', async () => {
    const token = await signInWithGithub(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    const userId = me.json<{ data: { user: { id: string } } }>().data.user.id;
    const db = t.app.db;
    const now = Date.now();
    const at = (msAgo: number) => new Date(now - msAgo).toISOString();

    for (const [id, name] of [
      [990_001, 'shop'],
      [990_002, 'other'],
    ] as const) {
      await storeRepository(db, userId, { id, owner: 'octo', name });
      await db
        .insertInto('vercel_projects')
        .values({
          user_id: userId,
          id: `prj_${name}`,
          name,
          framework: 'nextjs',
          link_type: 'github',
          link_org: 'octo',
          link_repo: name === 'shop' ? 'Shop' : name,
          link_repo_id: id,
          link_production_branch: 'main',
          production_deployment_id: null,
          created_at: at(30 * DAY),
          updated_at: at(MIN),
          synced_at: at(0),
        })
        .execute();
    }

    const pulls = [
      { number: 1, head: 'h1', state: 'closed', merged: at(10 * MIN), review: 'approved' },
      { number: 2, head: 'h2', state: 'closed', merged: at(30 * MIN), review: 'approved' },
      { number: 3, head: 'h3', state: 'open', merged: null, review: 'review_required' },
      { number: 4, head: 'h4', state: 'closed', merged: at(3 * MIN), review: 'approved' },
    ] as const;
    for (const pull of pulls) {
      await storePullRequest(db, {
        id: 880_000 + pull.number,
        repository_id: 990_001,
        number: pull.number,
        author_login: 'octocat',
        state: pull.state,
        merged_at: pull.merged,
        closed_at: pull.merged,
        head_sha: pull.head,
        review_state: pull.review,
        checks_state: pull.state === 'open' ? 'pending' : 'passing',
        updated_at: at(pull.number * MIN),
      });
      await db
        .insertInto('github_pull_request_involvement')
        .values({
          user_id: userId,
          pull_request_id: 880_000 + pull.number,
          is_author: 1,
          is_review_requested: 0,
          is_assignee: 0,
          confirmed_at: at(0),
        })
        .execute();
    }

    // [id, project, target, state, sha, created (ms ago), build minutes (null: not READY)]
    const deployments: [
      string,
      string,
      'production' | 'preview',
      string,
      string,
      number,
      number | null,
    ][] = [
      ['b1', 'prj_shop', 'production', 'READY', 'c1', 3 * DAY, 1],
      ['b2', 'prj_shop', 'production', 'READY', 'c2', 2 * DAY, 2],
      ['b3', 'prj_shop', 'production', 'READY', 'c3', DAY, 5],
      ['m2', 'prj_shop', 'production', 'READY', 'merge2', 25 * MIN, 2],
      ['m1', 'prj_shop', 'production', 'BUILDING', 'merge1', 5 * MIN, null],
      ['p3', 'prj_shop', 'preview', 'BUILDING', 'h3', 30_000, null],
      ['o1', 'prj_other', 'production', 'READY', 'other1', MIN, 1],
    ];
    await db
      .insertInto('vercel_deployments')
      .values(
        deployments.map(([id, project, target, state, sha, ago, minutes]) => ({
          user_id: userId,
          id,
          project_id: project,
          name: project,
          url: `${id}.vercel.app`,
          inspector_url: null,
          state,
          target,
          branch: target === 'production' ? 'main' : 'feature',
          commit_sha: sha,
          commit_message: `Commit ${sha}`,
          commit_author_name: null,
          commit_author_login: null,
          commit_org: 'octo',
          commit_repo: project.slice(4),
          commit_repo_id: null,
          pr_id: null,
          error_code: null,
          error_message: null,
          created_at: at(ago),
          building_at: at(ago),
          ready_at: minutes === null ? null : at(ago - minutes * MIN),
          updated_at: at(0),
          build_log: null,
          build_log_fetched_at: null,
          synced_at: at(0),
        })),
      )
      .execute();

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/github/pull-requests?filter=all&perPage=100',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const listed = shipPullsResultSchema.parse(response.json<{ data: unknown }>().data);
    const byNumber = new Map(
      listed.pullRequests
        .filter((pull) => pull.repository === 'octo/shop')
        .map((pull) => [pull.number, pull as ShipPullRequest]),
    );

    const first = byNumber.get(1);
    expect(first?.stage).toBe('production_building');
    expect(first?.eta).toEqual({
      expectedReadyAt: new Date(now - 5 * MIN + 2 * MIN).toISOString(),
      medianBuildSeconds: 120,
      sampleSize: 4,
    });
    expect(byNumber.get(2)).toMatchObject({ stage: 'live', eta: null });
    const third = byNumber.get(3);
    expect(third).toMatchObject({ stage: 'review', preview: { state: 'building' } });
    expect(third?.eta).toEqual({
      expectedReadyAt: new Date(now - 30_000 + 2 * MIN).toISOString(),
      medianBuildSeconds: 120,
      sampleSize: 4,
    });
    expect(byNumber.get(4)).toMatchObject({ stage: 'merged', eta: null });
  }, 30_000);
});
