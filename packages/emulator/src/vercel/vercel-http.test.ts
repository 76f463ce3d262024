import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import { arr, obj, startTestEmulator, vercelGet } from '../testing/test-emulator.js';

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startTestEmulator({ deploymentStepMs: 150 });
});
afterAll(() => emulator.close());

function page(json: unknown): {
  uids: string[];
  next: number | null;
  prev: number | null;
  count: number;
} {
  const body = obj(json);
  const pagination = obj(body.pagination);
  return {
    uids: arr(body.deployments ?? body.projects).map((d) => String(obj(d).uid ?? obj(d).id)),
    next: typeof pagination.next === 'number' ? pagination.next : null,
    prev: typeof pagination.prev === 'number' ? pagination.prev : null,
    count: Number(pagination.count),
  };
}

describe('Vercel deployments pagination', () => {
  it('walks backwards with until=<next>, ends with next:null, and since=<prev> returns the newer page', async () => {
    const first = page((await vercelGet(emulator, '/v6/deployments?limit=5')).json);
    expect(first.count).toBe(5);
    const second = page(
      (await vercelGet(emulator, `/v6/deployments?limit=5&until=${first.next ?? 0}`)).json,
    );
    expect(second.uids.some((uid) => first.uids.includes(uid))).toBe(false);
    const back = page(
      (await vercelGet(emulator, `/v6/deployments?limit=5&since=${second.prev ?? 0}`)).json,
    );
    expect(back.uids).toEqual(first.uids);
    let cursor = second.next;
    let last = second;
    while (cursor !== null) {
      last = page((await vercelGet(emulator, `/v6/deployments?limit=5&until=${cursor}`)).json);
      cursor = last.next;
    }
    expect(last.next).toBeNull();
    const everything = page((await vercelGet(emulator, '/v7/deployments?limit=100')).json);
    const created = arr(
      obj((await vercelGet(emulator, '/v7/deployments?limit=100')).json).deployments,
    ).map((d) => Number(obj(d).created));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(everything.uids.length).toBe(new Set(everything.uids).size);
  });

  it('filters by project (id or name), state, target, branch and sha', async () => {
    const byName = arr(
      obj((await vercelGet(emulator, '/v6/deployments?projectId=shipdeck&limit=100')).json)
        .deployments,
    );
    const projectId = String(obj(byName[0]).projectId);
    const byId = arr(
      obj((await vercelGet(emulator, `/v6/deployments?projectId=${projectId}&limit=100`)).json)
        .deployments,
    );
    expect(byId.length).toBe(byName.length);
    const previews = arr(
      obj((await vercelGet(emulator, '/v6/deployments?target=preview&limit=100')).json).deployments,
    );
    expect(
      previews.every((d) => obj(d).target === null && obj(obj(d).meta).githubPrId !== undefined),
    ).toBe(true);
    const sha = String(obj(obj(byName[0]).meta).githubCommitSha);
    const bySha = arr(
      obj((await vercelGet(emulator, `/v6/deployments?sha=${sha}`)).json).deployments,
    );
    expect(bySha.every((d) => obj(obj(d).meta).githubCommitSha === sha)).toBe(true);
    const mixed = arr(
      obj((await vercelGet(emulator, '/v6/deployments?state=READY,ERROR&limit=100')).json)
        .deployments,
    );
    expect(mixed.every((d) => ['READY', 'ERROR'].includes(String(obj(d).readyState)))).toBe(true);
    expect((await vercelGet(emulator, '/v6/deployments?state=NOPE')).status).toBe(400);
    expect((await vercelGet(emulator, '/v6/deployments?limit=500')).status).toBe(400);
    expect((await vercelGet(emulator, '/v6/deployments?projectId=nope')).status).toBe(404);
  });
});

describe('Vercel scoping and errors', () => {
  it('teamId scopes projects and deployments; a team the user is not in is 403', async () => {
    const team = [...emulator.world.vercel.teams.values()].find((t) => t.slug === 'shipdeck-labs');
    const personal = page((await vercelGet(emulator, '/v9/projects?limit=100')).json).uids;
    const teamProjects = page(
      (await vercelGet(emulator, `/v9/projects?limit=100&teamId=${team?.id ?? ''}`)).json,
    ).uids;
    expect(teamProjects.length).toBeGreaterThan(0);
    expect(teamProjects.some((id) => personal.includes(id))).toBe(false);
    expect(
      page((await vercelGet(emulator, '/v9/projects?limit=100&slug=shipdeck-labs')).json).uids,
    ).toEqual(teamProjects);
    const teamDeployment = emulator.world.vercel.deployments.find(
      (d) => d.projectId === teamProjects[0],
    );
    expect(
      (await vercelGet(emulator, `/v13/deployments/${teamDeployment?.uid ?? ''}`)).status,
    ).toBe(404);
    expect(
      (
        await vercelGet(
          emulator,
          `/v13/deployments/${teamDeployment?.uid ?? ''}?teamId=${team?.id ?? ''}`,
        )
      ).status,
    ).toBe(200);
    const unicode = [...emulator.world.vercel.teams.values()].find(
      (t) => t.slug === 'unicode-team',
    );
    const outsider = await vercelGet(
      emulator,
      `/v9/projects?teamId=${unicode?.id ?? ''}`,
      'vercel_emu_hubot',
    );
    expect(outsider.status).toBe(403);
    expect(obj(obj(outsider.json).error).code).toBe('forbidden');
  });

  it('answers 403 missingToken / invalidToken and nested 404 bodies', async () => {
    const missing = await vercelGet(emulator, '/v2/user', null);
    expect(missing.status).toBe(403);
    expect(missing.json).toEqual({
      error: {
        code: 'forbidden',
        message: 'The request is missing an authentication token',
        missingToken: true,
      },
    });
    const invalid = await vercelGet(emulator, '/v9/projects', 'vercel_not_a_token');
    expect(invalid.status).toBe(403);
    expect(invalid.json).toEqual({
      error: { code: 'forbidden', message: 'Not authorized', invalidToken: true },
    });
    expect((await vercelGet(emulator, '/v13/deployments/dpl_missing')).json).toEqual({
      error: { code: 'not_found', message: 'Deployment not found' },
    });
    expect((await vercelGet(emulator, '/v9/projects/missing')).json).toEqual({
      error: { code: 'not_found', message: 'Project not found' },
    });
  });

  it("ids look like Vercel's: dpl_, prj_, team_; list items use uid, v13 uses id", async () => {
    const item = obj(
      arr(obj((await vercelGet(emulator, '/v6/deployments?limit=1')).json).deployments)[0],
    );
    expect(String(item.uid)).toMatch(/^dpl_[A-Za-z0-9]{28}$/);
    expect(String(item.projectId)).toMatch(/^prj_/);
    expect(String(item.url)).toMatch(/^[a-z0-9-]+\.vercel\.app$/);
    const detail = obj((await vercelGet(emulator, `/v13/deployments/${String(item.uid)}`)).json);
    expect(detail.id).toBe(item.uid);
    expect(detail).not.toHaveProperty('uid');
    const team = obj(arr(obj((await vercelGet(emulator, '/v2/teams')).json).teams)[0]);
    expect(String(team.id)).toMatch(/^team_/);
  });
});

describe('build events', () => {
  it('pages with direction, limit and since; follow=1 streams NDJSON until the deployment is done', async () => {
    const ready = emulator.world.vercel.deployments.find(
      (d) =>
        d.state === 'READY' &&
        emulator.world.vercel.users.has(
          emulator.world.vercel.projects.get(d.projectId)?.accountId ?? '',
        ),
    );
    const all = arr((await vercelGet(emulator, `/v3/deployments/${ready?.uid ?? ''}/events`)).json);
    const backward = arr(
      (
        await vercelGet(
          emulator,
          `/v3/deployments/${ready?.uid ?? ''}/events?direction=backward&limit=3`,
        )
      ).json,
    );
    expect(backward.map((e) => obj(e).id)).toEqual(
      all
        .slice(-3)
        .reverse()
        .map((e) => obj(e).id),
    );
    const since = Number(obj(all[4]).created);
    expect(
      arr(
        (await vercelGet(emulator, `/v3/deployments/${ready?.uid ?? ''}/events?since=${since}`))
          .json,
      ).length,
    ).toBe(all.length - 5);

    const started = await emulator.triggerActivity({
      kind: 'deployment',
      repo: 'octocat/shipdeck',
      outcome: 'READY',
      waitForDeployment: false,
    });
    const response = await fetch(
      `${emulator.vercelApiUrl}/v3/deployments/${started.deploymentId ?? ''}/events?follow=1`,
      {
        headers: { authorization: `Bearer ${emulator.demo.vercelToken}` },
      },
    );
    expect(response.headers.get('content-type')).toContain('application/stream+json');
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => obj(JSON.parse(line)));
    expect(lines.length).toBeGreaterThan(10);
    expect(lines[lines.length - 1]).toMatchObject({
      type: 'deployment-state',
      info: { readyState: 'READY' },
    });
  });
});
