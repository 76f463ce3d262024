import { doraResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { connectVercel } from '../../../test-vercel.js';

const emulator = useEmulator({ repos: 6, richRepos: 3, projects: 3, deploymentsPerProject: 12 });

interface ListedDeployment {
  uid: string;
  ready?: number;
}

/** READY production deployments the demo account's Vercel API lists, ready inside [from, to). */
async function readyProductionFromVercel(from: number, to: number): Promise<number> {
  const response = await fetch(
    `${emulator.handle.vercelApiUrl}/v6/deployments?target=production&state=READY&limit=100`,
    { headers: { authorization: `Bearer ${emulator.handle.demo.vercelToken}` } },
  );
  const body = (await response.json()) as { deployments: ListedDeployment[] };
  expect(body.deployments.length).toBeLessThan(100);
  return body.deployments.filter(
    (deployment) =>
      deployment.ready !== undefined && deployment.ready >= from && deployment.ready < to,
  ).length;
}

describe.each(testDialects)('GET /api/insights/dora from the synced tables on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get vercel() {
      return emulator.vercelConfig;
    },
    get github() {
      return emulator.githubConfig;
    },
  });

  const dora = async (token: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/insights/dora?days=90${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return doraResultSchema.parse(response.json<{ data: unknown }>().data);
  };

  it('counts the READY production deployments of the connected account, and only its own', async () => {
    const token = await signInWithGithub(t.app);
    await connectVercel(t.app, token, { token: emulator.handle.demo.vercelToken });

    const data = await dora(token);
    expect(data.hasDeploymentData).toBe(true);
    expect(data.syncedAt).not.toBeNull();
    const expected = await readyProductionFromVercel(Date.parse(data.from), Date.parse(data.to));
    expect(expected).toBeGreaterThan(0);
    expect(data.metrics.deploymentFrequency.total).toBe(expected);
    expect(data.repositories.length).toBeGreaterThan(0);

    const [repo] = data.repositories;
    const scoped = await dora(token, `&repo=${encodeURIComponent(repo ?? '')}`);
    expect(scoped.repositories).toEqual([repo]);
    expect(scoped.metrics.deploymentFrequency.total).toBeLessThanOrEqual(expected);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/insights/dora?repo=nobody%2Fnothing',
      headers: bearer(token),
    });
    expect(elsewhere.statusCode).toBe(404);

    const stranger = await signUpAndLogIn(t.app);
    const theirs = await dora(stranger.token);
    expect(theirs.hasDeploymentData).toBe(false);
    expect(theirs.metrics.deploymentFrequency.total).toBe(0);
    expect(theirs.repositories).toEqual([]);
  }, 30_000);
});
