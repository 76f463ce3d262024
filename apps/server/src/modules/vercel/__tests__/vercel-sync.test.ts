import { userResultSchema } from '@shipdeck/shared/auth';
import {
  vercelDeploymentDetailSchema,
  vercelDeploymentsResultSchema,
  vercelProjectResultSchema,
  vercelProjectsResultSchema,
  vercelStatusResultSchema,
} from '@shipdeck/shared/vercel';
import { describe, expect, it } from 'vitest';
import { RetryLaterError } from '../../../jobs/job-queue.js';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';
import { VercelClient } from '../../vercel-client/vercel-client.js';
import { syncVercelAccount } from '../vercel-sync.js';
import { connectVercel, signUpWithVercel } from '../../../test-vercel.js';

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 3, deploymentsPerProject: 14 });

describe.each(testDialects)('Vercel sync and /api/vercel on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get vercel() {
      return emulator.vercelConfig;
    },
    get github() {
      return emulator.githubConfig;
    },
  });

  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  const connectedUser = (login?: string, teamSlug?: string) =>
    signUpWithVercel(t.app, emulator.handle, login, teamSlug);

  const octocatUid = () => emulator.handle.world.vercel.userByGithubId(583231)?.uid ?? '';

  it('follows the until cursor across more than one page of deployments', async () => {
    const project = emulator.handle.world.vercel.projectsOf(octocatUid())[0];
    if (!project) throw new Error('no project');
    const expected = emulator.handle.world.vercel.deployments.filter(
      (d) => d.projectId === project.id,
    );
    expect(expected.length).toBeGreaterThan(5);
    const client = new VercelClient(
      { apiUrl: emulator.handle.vercelApiUrl },
      emulator.handle.demo.vercelToken,
      null,
    );
    emulator.handle.requestLog.clear();
    const fetched = await client.deployments(project.id, { max: 100, pageSize: 5 });
    expect(fetched.map((d) => d.uid).sort()).toEqual(expected.map((d) => d.uid).sort());
    const pages = emulator.handle.requestLog
      .list({ area: 'vercel' })
      .filter((entry) => entry.url.includes('/deployments'));
    expect(pages.length).toBe(Math.ceil(expected.length / 5));
    expect(pages.slice(1).every((entry) => /[?&]until=\d+/.test(entry.url))).toBe(true);
  });

  it('serves projects, deployments and status from the tables with syncedAt, search, filter and sort', async () => {
    const { token } = await connectedUser();
    const projects = dataOf(await get(token, '/api/vercel/projects'), vercelProjectsResultSchema);
    const mine = emulator.handle.world.vercel.projectsOf(octocatUid());
    expect(projects.projects.map((p) => p.id).sort()).toEqual(mine.map((p) => p.id).sort());
    expect(projects.pagination.total).toBe(mine.length);
    expect(projects.syncedAt).not.toBeNull();
    const linked = projects.projects.find((p) => p.link?.repo === 'shipdeck');
    expect(linked?.repository?.fullName).toBe('octocat/shipdeck');

    const one = dataOf(
      await get(token, `/api/vercel/projects/${linked?.id ?? ''}`),
      vercelProjectResultSchema,
    );
    expect(one.project.name).toBe(linked?.name);

    const defaults = dataOf(
      await get(token, `/api/vercel/projects/${linked?.id ?? ''}/deployments`),
      vercelDeploymentsResultSchema,
    );
    const worldCount = emulator.handle.world.vercel.deployments.filter(
      (d) => d.projectId === linked?.id,
    ).length;
    expect(defaults.deployments).toHaveLength(Math.min(20, worldCount));
    expect(defaults.pagination.total).toBe(worldCount);

    const failed = dataOf(
      await get(token, '/api/vercel/deployments?filter=error&limit=100'),
      vercelDeploymentsResultSchema,
    );
    const worldFailed = emulator.handle.world.vercel.deployments.filter(
      (d) => d.state === 'ERROR' && mine.some((p) => p.id === d.projectId),
    );
    expect(failed.deployments.map((d) => d.id).sort()).toEqual(
      worldFailed.map((d) => d.uid).sort(),
    );

    const created = dataOf(
      await get(token, '/api/vercel/deployments?sort=created&limit=100'),
      vercelDeploymentsResultSchema,
    );
    const times = created.deployments.map((d) => d.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const sample = created.deployments.find((d) => d.branch);
    const searched = dataOf(
      await get(
        token,
        `/api/vercel/deployments?search=${encodeURIComponent(sample?.branch ?? '')}&limit=100`,
      ),
      vercelDeploymentsResultSchema,
    );
    expect(searched.deployments.length).toBeGreaterThan(0);
    expect(
      searched.deployments.every(
        (d) =>
          d.branch?.includes(sample?.branch ?? '') ||
          d.commitMessage?.toLowerCase().includes((sample?.branch ?? '').toLowerCase()),
      ),
    ).toBe(true);

    const status = dataOf(await get(token, '/api/vercel/status'), vercelStatusResultSchema);
    const deployed = mine.filter((p) =>
      emulator.handle.world.vercel.deployments.some((d) => d.projectId === p.id),
    );
    expect(deployed.length).toBeGreaterThan(0);
    expect(status.deploymentStatus.map((s) => s.projectId).sort()).toEqual(
      deployed.map((p) => p.id).sort(),
    );
    for (const item of status.deploymentStatus) {
      const newest = emulator.handle.world.vercel.deployments
        .filter((d) => d.projectId === item.projectId)
        .sort((a, b) => b.createdAt - a.createdAt)[0];
      expect(item.status).toBe(newest?.state);
    }

    const bad = await get(token, '/api/vercel/deployments?filter=broken');
    expect(bad.statusCode).toBe(400);
  });

  it('matches deployments to GitHub commits and pull requests by SHA', async () => {
    const { token } = await connectedUser();
    const list = dataOf(
      await get(token, '/api/vercel/deployments?repository=octocat/shipdeck&limit=100'),
      vercelDeploymentsResultSchema,
    );
    expect(list.deployments.length).toBeGreaterThan(0);
    const githubToken = emulator.handle.demo.githubToken;
    const api = emulator.handle.githubApiUrl;
    for (const deployment of list.deployments.slice(0, 5)) {
      expect(deployment.repository?.fullName).toBe('octocat/shipdeck');
      expect(deployment.commitUrl).toContain(
        `/octocat/shipdeck/commit/${deployment.commitSha ?? ''}`,
      );
      const commit = await fetch(
        `${api}/repos/octocat/shipdeck/commits/${deployment.commitSha ?? ''}`,
        {
          headers: { authorization: `Bearer ${githubToken}` },
        },
      );
      expect(commit.status).toBe(200);
    }
    const fromPull = list.deployments.find((d) => d.pullRequestId !== null);
    expect(fromPull).toBeDefined();
    const pull = await fetch(
      `${api}/repos/octocat/shipdeck/pulls/${fromPull?.pullRequestId ?? 0}`,
      {
        headers: { authorization: `Bearer ${githubToken}` },
      },
    );
    const pullBody = (await pull.json()) as { head: { sha: string } };
    expect(pullBody.head.sha).toBe(fromPull?.commitSha);
    expect(fromPull?.pullRequestUrl).toContain(`/pull/${fromPull?.pullRequestId ?? 0}`);
  });

  it('fetches a failed deployment build log once, keeps it, and names what production still serves', async () => {
    const { token } = await connectedUser();
    const failed = dataOf(
      await get(token, '/api/vercel/deployments?filter=error&limit=1'),
      vercelDeploymentsResultSchema,
    ).deployments[0];
    if (!failed) throw new Error('no failed deployment in the emulator world');
    emulator.handle.requestLog.clear();
    const detail = dataOf(
      await get(token, `/api/vercel/deployments/${failed.id}`),
      vercelDeploymentDetailSchema,
    );
    expect(detail.buildLog?.some((line) => line.level === 'error')).toBe(true);
    if (detail.lastReadyProduction) {
      expect(detail.lastReadyProduction.state).toBe('READY');
      expect(detail.lastReadyProduction.target).toBe('production');
      expect(detail.lastReadyProduction.projectId).toBe(failed.projectId);
    }
    await get(token, `/api/vercel/deployments/${failed.id}`);
    const eventCalls = emulator.handle.requestLog
      .list({ area: 'vercel' })
      .filter((entry) => entry.url.includes('/events'));
    expect(eventCalls).toHaveLength(1);
  });

  it('refreshes only what is new, and serves the last good data with its syncedAt through an outage', async () => {
    const { token, userId } = await connectedUser();
    const before = dataOf(await get(token, '/api/vercel/projects'), vercelProjectsResultSchema);

    emulator.handle.requestLog.clear();
    expect(await syncVercelAccount(t.app, userId)).toBe('synced');
    const withDeployments = new Set(
      emulator.handle.world.vercel.deployments.map((d) => d.projectId),
    );
    // A project that has never deployed has no cursor yet; every other one asks only for news.
    const refreshCalls = emulator.handle.requestLog
      .list({ area: 'vercel' })
      .filter((entry) => entry.url.includes('/deployments'))
      .filter((entry) => withDeployments.has(/projectId=([^&]+)/.exec(entry.url)?.[1] ?? ''));
    expect(refreshCalls.length).toBeGreaterThan(0);
    expect(refreshCalls.every((entry) => /[?&]since=\d+/.test(entry.url))).toBe(true);
    const syncedAt = dataOf(
      await get(token, '/api/vercel/projects'),
      vercelProjectsResultSchema,
    ).syncedAt;

    const outage = emulator.handle.faults.add({ area: 'vercel', errorRate: 1, errorStatus: 503 });
    try {
      await expect(syncVercelAccount(t.app, userId)).rejects.toThrow();
      const during = dataOf(await get(token, '/api/vercel/projects'), vercelProjectsResultSchema);
      expect(during.projects.map((p) => p.id)).toEqual(before.projects.map((p) => p.id));
      expect(during.syncedAt).toBe(syncedAt);
      const state = await t.app.db
        .selectFrom('sync_state')
        .selectAll()
        .where('user_id', '=', userId)
        .where('resource', '=', 'projects')
        .executeTakeFirstOrThrow();
      expect(state.last_error).toMatch(/503/);
    } finally {
      emulator.handle.faults.remove(outage.id);
    }

    const limited = emulator.handle.faults.add({ area: 'vercel', rateLimit: 'primary' });
    try {
      await expect(syncVercelAccount(t.app, userId)).rejects.toBeInstanceOf(RetryLaterError);
    } finally {
      emulator.handle.faults.remove(limited.id);
    }
  });

  it('answers 400 naming the field for a bad limit, filter, sort or offset', async () => {
    const { token } = await connectedUser();
    const project = dataOf(await get(token, '/api/vercel/projects'), vercelProjectsResultSchema)
      .projects[0];
    for (const [url, field] of [
      ['/api/vercel/deployments?limit=0', 'query.limit'],
      ['/api/vercel/deployments?limit=abc', 'query.limit'],
      ['/api/vercel/deployments?filter=broken', 'query.filter'],
      ['/api/vercel/deployments?sort=name', 'query.sort'],
      ['/api/vercel/projects?offset=-1', 'query.offset'],
      [`/api/vercel/projects/${project?.id ?? ''}/deployments?limit=1000`, 'query.limit'],
    ] as const) {
      const answer = await get(token, url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({ success: false, errors: [{ field }] });
    }
  });

  it("syncs the busiest (most recently updated) projects' deployments first", async () => {
    const { token, userId } = await connectedUser();
    const projects = dataOf(
      await get(token, '/api/vercel/projects?limit=100'),
      vercelProjectsResultSchema,
    ).projects;
    expect(projects.length).toBeGreaterThan(1);
    const busiestFirst = [...projects]
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map((p) => p.id);
    emulator.handle.requestLog.clear();
    expect(await syncVercelAccount(t.app, userId)).toBe('synced');
    const order = emulator.handle.requestLog
      .list({ area: 'vercel' })
      .map((entry) => /\/deployments\?.*projectId=([^&]+)/.exec(entry.url)?.[1])
      .filter((id): id is string => id !== undefined);
    expect([...new Set(order)]).toEqual(busiestFirst);
  });

  it('asks to reconnect once Vercel stops accepting the token, keeping the data', async () => {
    const user = await signUpAndLogIn(t.app);
    const vercelToken = emulator.handle.createVercelToken('octocat');
    await t.app.inject({
      method: 'PUT',
      url: '/auth/vercel',
      headers: bearer(user.token),
      payload: { token: vercelToken },
    });
    await t.app.jobs.drain();
    emulator.handle.world.vercelTokens.delete(vercelToken);
    expect(await syncVercelAccount(t.app, user.userId)).toBe('reconnect');
    const me = dataOf(await get(user.token, '/auth/me'), userResultSchema);
    expect(me.user.vercel?.status).toBe('reconnect');
    expect(me.user.vercelConnected).toBe(false);
    const projects = dataOf(
      await get(user.token, '/api/vercel/projects'),
      vercelProjectsResultSchema,
    );
    expect(projects.projects.length).toBeGreaterThan(0);
  });

  it('asks to reconnect when opening a deployment finds the token refused, still showing it', async () => {
    const user = await signUpAndLogIn(t.app);
    const vercelToken = emulator.handle.createVercelToken('octocat');
    await connectVercel(t.app, user.token, { token: vercelToken });
    const deployment = dataOf(
      await get(user.token, '/api/vercel/deployments?limit=1'),
      vercelDeploymentsResultSchema,
    ).deployments[0];
    if (!deployment) throw new Error('nothing synced');
    emulator.handle.world.vercelTokens.delete(vercelToken);
    const detail = await get(user.token, `/api/vercel/deployments/${deployment.id}`);
    expect(detail.statusCode).toBe(200);
    expect(dataOf(detail, vercelDeploymentDetailSchema).deployment.id).toBe(deployment.id);
    const me = dataOf(await get(user.token, '/auth/me'), userResultSchema);
    expect(me.user.vercel?.status).toBe('reconnect');
  });

  it("answers 404 for another user's project or deployment on every /api/vercel route", async () => {
    const owner = await connectedUser();
    const other = await connectedUser('monalisa');
    const unconnected = await signUpAndLogIn(t.app);
    const ownerProject = dataOf(
      await get(owner.token, '/api/vercel/projects'),
      vercelProjectsResultSchema,
    ).projects[0];
    const ownerDeployment = dataOf(
      await get(owner.token, '/api/vercel/deployments'),
      vercelDeploymentsResultSchema,
    ).deployments[0];
    if (!ownerProject || !ownerDeployment) throw new Error('owner has nothing synced');
    for (const viewer of [other, unconnected]) {
      for (const url of [
        `/api/vercel/projects/${ownerProject.id}`,
        `/api/vercel/projects/${ownerProject.id}/deployments`,
        `/api/vercel/deployments/${ownerDeployment.id}`,
      ]) {
        const answer = await get(viewer.token, url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
      const projects = dataOf(
        await get(viewer.token, '/api/vercel/projects'),
        vercelProjectsResultSchema,
      );
      expect(projects.projects.map((p) => p.id)).not.toContain(ownerProject.id);
      const deployments = dataOf(
        await get(viewer.token, '/api/vercel/deployments?limit=100'),
        vercelDeploymentsResultSchema,
      );
      expect(deployments.deployments.map((d) => d.id)).not.toContain(ownerDeployment.id);
      const status = dataOf(
        await get(viewer.token, '/api/vercel/status'),
        vercelStatusResultSchema,
      );
      expect(status.deploymentStatus.map((s) => s.projectId)).not.toContain(ownerProject.id);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/vercel/status' });
    expect(anonymous.statusCode).toBe(401);
  });
});
