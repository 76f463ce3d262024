import { doraResultSchema } from '@shipdeck/shared/insights';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../lib/clock.js';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import type { DoraHistoryQuery, DoraLoader } from '../dora-loader.js';
import type { DeploymentRecord } from '../dora-records.js';
import { doraRoute } from '../routes/dora.js';

const MIN = 60_000;

/** A test double standing in for the SQL loader: it answers a fixed history and records queries. */
function recordingLoader(deployments: DeploymentRecord[]) {
  const queries: DoraHistoryQuery[] = [];
  const loader: DoraLoader = {
    load: (_app, query) => {
      queries.push(query);
      return Promise.resolve({
        deployments,
        changes: [
          {
            projectId: 'prj_web',
            firstCommitAt: (deployments[0]?.createdAt ?? 0) - 60 * MIN,
            mergedAt: deployments[0]?.createdAt ?? 0,
            shas: ['a1'],
          },
        ],
        repositories: ['octocat/shipdeck'],
        syncedAt: '2026-11-23T10:00:00.000Z',
      });
    },
  };
  return { loader, queries };
}

function productionDeployment(
  id: string,
  createdAt: number,
  state: DeploymentRecord['state'],
  commitSha: string,
): DeploymentRecord {
  return {
    id,
    projectId: 'prj_web',
    production: true,
    state,
    createdAt,
    buildingAt: createdAt + MIN,
    readyAt: state === 'READY' ? createdAt + 3 * MIN : null,
    commitSha,
    commitTitle: 'Change',
  };
}

describe.each(testDialects)('GET /api/insights/dora on %s', (dialect) => {
  const t = useTestApp(dialect);
  const startOfToday = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const crafted = recordingLoader([
    productionDeployment('dpl_1', startOfToday - 2 * DAY_MS, 'READY', 'a1'),
    productionDeployment('dpl_2', startOfToday - DAY_MS, 'ERROR', 'b2'),
    productionDeployment('dpl_3', startOfToday - DAY_MS + 30 * MIN, 'READY', 'c3'),
  ]);

  beforeAll(async () => {
    await t.app.register(doraRoute, { prefix: '/test/insights', loader: crafted.loader });
  });

  it('says there is no deployment data yet instead of showing zeros', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/insights/dora',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const data = doraResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(data.days).toBe(30);
    expect(data.hasDeploymentData).toBe(false);
    expect(data.syncedAt).toBeNull();
    expect(data.metrics.deploymentFrequency.band).toBeNull();
    expect(data.metrics.leadTime.medianMinutes).toBeNull();
  });

  it('computes the four keys from the loaded history, for the signed-in user and repository', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/test/insights/dora?days=7&repo=octocat/shipdeck',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const data = doraResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(crafted.queries.at(-1)?.repo).toBe('octocat/shipdeck');
    expect(data.hasDeploymentData).toBe(true);
    expect(data.bucket).toBe('day');
    expect(data.metrics.deploymentFrequency.total).toBe(2);
    // Hand-computed: first commit 60 min before dpl_1, which was ready 3 min after creation.
    expect(data.metrics.leadTime.medianMinutes).toBe(63);
    expect(data.metrics.changeFailureRate.percent).toBeCloseTo(33.3, 1);
    expect(data.metrics.changeFailureRate.band).toBe('low');
    // dpl_2 failed; dpl_3, created 30 min later, was ready 3 min after that.
    expect(data.metrics.timeToRestore.medianMinutes).toBe(33);
    expect(data.metrics.timeToRestore.band).toBe('elite');
    expect(data.metrics.deploymentFrequency.trend).toHaveLength(7);
  });

  it('answers 400 naming the field for an unsupported window or repository', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const days = await t.app.inject({
      method: 'GET',
      url: '/api/insights/dora?days=14',
      headers: bearer(token),
    });
    expect(days.statusCode).toBe(400);
    expect(JSON.stringify(days.json())).toContain('days');
    const repo = await t.app.inject({
      method: 'GET',
      url: '/api/insights/dora?repo=just-a-name',
      headers: bearer(token),
    });
    expect(repo.statusCode).toBe(400);
    expect(JSON.stringify(repo.json())).toContain('repo');
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/insights/dora' });
    expect(response.statusCode).toBe(401);
  });
});
