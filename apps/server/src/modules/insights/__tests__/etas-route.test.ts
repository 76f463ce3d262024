import { deploymentEtasResultSchema } from '@shipdeck/shared/insights';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';

const MIN = 60_000;

describe.each(testDialects)('GET /api/insights/etas on %s', (dialect) => {
  const t = useTestApp(dialect);
  let owner = { token: '', userId: '' };
  const now = Date.now();
  const iso = (at: number) => new Date(at).toISOString();

  beforeAll(async () => {
    owner = await signUpAndLogIn(t.app);
    const synced = iso(now);
    await t.app.db
      .insertInto('vercel_projects')
      .values(
        ['prj_a', 'prj_b'].map((id) => ({
          user_id: owner.userId,
          id,
          name: id,
          framework: null,
          link_type: null,
          link_org: null,
          link_repo: null,
          link_repo_id: null,
          link_production_branch: 'main',
          production_deployment_id: null,
          created_at: synced,
          updated_at: synced,
          synced_at: synced,
        })),
      )
      .execute();
    const row = (
      id: string,
      projectId: string,
      state: string,
      createdAt: number,
      buildMinutes: number | null,
    ) => ({
      user_id: owner.userId,
      id,
      project_id: projectId,
      name: projectId,
      url: `${id}.vercel.app`,
      inspector_url: null,
      state,
      target: 'production' as const,
      branch: 'main',
      commit_sha: id,
      commit_message: 'Change',
      commit_author_name: null,
      commit_author_login: null,
      commit_org: null,
      commit_repo: null,
      commit_repo_id: null,
      pr_id: null,
      error_code: null,
      error_message: null,
      created_at: iso(createdAt),
      building_at: state === 'QUEUED' ? null : iso(createdAt + MIN),
      ready_at: buildMinutes === null ? null : iso(createdAt + MIN + buildMinutes * MIN),
      updated_at: iso(createdAt),
      build_log: null,
      build_log_fetched_at: null,
      synced_at: synced,
    });
    await t.app.db
      .insertInto('vercel_deployments')
      .values([
        // prj_a history: builds of 2, 3 and 7 minutes (median 3), and a failure that is no sample.
        row('a1', 'prj_a', 'READY', now - 300 * MIN, 2),
        row('a2', 'prj_a', 'READY', now - 200 * MIN, 7),
        row('a3', 'prj_a', 'READY', now - 100 * MIN, 3),
        row('a4', 'prj_a', 'ERROR', now - 50 * MIN, null),
        // Building for a minute: expected ready at its building time + 3 min.
        row('a5', 'prj_a', 'BUILDING', now - 2 * MIN, null),
        // prj_b has no finished build, so its queued one gets no estimate.
        row('b1', 'prj_b', 'QUEUED', now - MIN, null),
      ])
      .execute();
  });

  it("estimates a building deployment from its project's median build time, and only those", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/insights/etas',
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    const { etas } = deploymentEtasResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(etas).toEqual([
      {
        deploymentId: 'a5',
        // building_at = now - 2 min + 1 min; + median 3 min.
        expectedReadyAt: iso(now - 2 * MIN + MIN + 3 * MIN),
        medianBuildSeconds: 180,
        sampleSize: 3,
      },
    ]);
  });

  it("shows nobody else's builds", async () => {
    const stranger = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/insights/etas',
      headers: bearer(stranger.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { etas: unknown[] } }>().data.etas).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/insights/etas' });
    expect(response.statusCode).toBe(401);
  });
});
