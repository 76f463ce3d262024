import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VercelDeployment, VercelProject } from '../data/model.js';
import type { EmulatorHandle } from '../start-emulator.js';
import { obj, startTestEmulator, vercelGet, type Answer } from '../testing/test-emulator.js';

async function vercelSend(
  emulator: EmulatorHandle,
  method: 'POST' | 'PATCH',
  path: string,
  body?: unknown,
  token = emulator.demo.vercelToken,
): Promise<Answer> {
  const response = await fetch(`${emulator.vercelApiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition never held');
}

function demoProject(emulator: EmulatorHandle): {
  project: VercelProject;
  production: VercelDeployment[];
} {
  const octocat = emulator.world.account('octocat');
  const uid = octocat ? emulator.world.vercel.userByGithubId(octocat.id)?.uid : undefined;
  for (const project of emulator.world.vercel.projectsOf(uid ?? '')) {
    const production = emulator.world.vercel.deployments.filter(
      (d) => d.projectId === project.id && d.target === 'production' && d.state === 'READY',
    );
    if (production.length >= 3) return { project, production };
  }
  throw new Error('no project with three READY production deployments');
}

const project = async (emulator: EmulatorHandle, id: string) =>
  obj((await vercelGet(emulator, `/v9/projects/${id}`)).json);
const productionId = (body: Record<string, unknown>) =>
  String(obj(obj(body.targets).production).id);
// Deliveries do not keep their payloads: the events sent so far, in order.
const events = (emulator: EmulatorHandle) =>
  emulator.webhooks.deliveries.filter((d) => d.event.startsWith('deployment.')).map((d) => d.event);

describe('Vercel deployment actions', () => {
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await startTestEmulator({
      deploymentStepMs: 20,
      // Nothing listens there: the dispatcher still logs each delivery it attempts.
      webhooks: { vercel: [{ url: 'http://127.0.0.1:9/vercel' }] },
    });
  });
  afterAll(() => emulator.close());

  it('redeploys an existing deployment as a new build of the same commit that fires the usual webhooks', async () => {
    const { project: p, production } = demoProject(emulator);
    const source = production[0];
    if (!source) throw new Error('no source');
    const created = await vercelSend(emulator, 'POST', '/v13/deployments?forceNew=1', {
      deploymentId: source.uid,
      name: p.name,
      target: 'production',
      meta: { action: 'redeploy' },
    });
    expect(created.status).toBe(200);
    const body = obj(created.json);
    expect(body.id).not.toBe(source.uid);
    expect(body.readyState).toBe('QUEUED');
    expect(body.target).toBe('production');
    expect(obj(body.gitSource).sha).toBe(source.meta.githubCommitSha);
    expect(obj(body.meta).action).toBe('redeploy');
    const id = String(body.id);
    const ready = await until(
      async () => obj((await vercelGet(emulator, `/v13/deployments/${id}`)).json),
      (d) => d.readyState === 'READY',
    );
    expect(ready.aliasAssigned).toBe(true);
    expect(productionId(await project(emulator, p.id))).toBe(id);
    expect(events(emulator)).toEqual(
      expect.arrayContaining(['deployment.created', 'deployment.succeeded']),
    );
  });

  it('refuses a redeploy without a name, or of a deployment it cannot see', async () => {
    const { production } = demoProject(emulator);
    const noName = await vercelSend(emulator, 'POST', '/v13/deployments', {
      deploymentId: production[0]?.uid,
    });
    expect(noName.status).toBe(400);
    expect(obj(obj(noName.json).error).code).toBe('bad_request');
    const other = emulator.createVercelToken(
      [...emulator.world.vercel.users.values()].find(
        (u) => u.uid !== production[0]?.creatorUid && u.username !== 'octocat',
      )?.username ?? '',
    );
    const hidden = await vercelSend(
      emulator,
      'POST',
      '/v13/deployments',
      { deploymentId: production[0]?.uid, name: 'x' },
      other,
    );
    expect(hidden.status).toBe(404);
    expect(obj(obj(hidden.json).error).code).toBe('not_found');
  });

  it('cancels a building deployment for good, and refuses to cancel a finished one', async () => {
    const { project: p, production } = demoProject(emulator);
    const created = obj(
      (
        await vercelSend(emulator, 'POST', '/v13/deployments', {
          deploymentId: production[0]?.uid,
          name: p.name,
        })
      ).json,
    );
    const id = String(created.id);
    expect(created.target).toBeNull();
    const canceled = await vercelSend(emulator, 'PATCH', `/v12/deployments/${id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(obj(canceled.json).readyState).toBe('CANCELED');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(obj((await vercelGet(emulator, `/v13/deployments/${id}`)).json).readyState).toBe(
      'CANCELED',
    );
    expect(events(emulator)).toContain('deployment.canceled');
    const again = await vercelSend(emulator, 'PATCH', `/v12/deployments/${id}/cancel`);
    expect(again.status).toBe(400);
    expect(String(obj(obj(again.json).error).message)).toMatch(/already CANCELED/);
    const missing = await vercelSend(emulator, 'PATCH', '/v12/deployments/dpl_nope/cancel');
    expect(missing.status).toBe(404);
  });

  it('rolls production back through lastAliasRequest, keeps new builds off production, and a promote resumes', async () => {
    const { project: p } = demoProject(emulator);
    const current = productionId(await project(emulator, p.id));
    const previous = emulator.world.vercel.deployments.find(
      (d) =>
        d.projectId === p.id &&
        d.target === 'production' &&
        d.state === 'READY' &&
        d.uid !== current,
    );
    if (!previous) throw new Error('no previous');
    const answer = await vercelSend(
      emulator,
      'POST',
      `/v9/projects/${p.id}/rollback/${previous.uid}`,
    );
    expect(answer.status).toBe(201);
    expect(answer.text).toBe('');
    const pending = obj((await project(emulator, p.id)).lastAliasRequest);
    expect(pending).toMatchObject({
      fromDeploymentId: current,
      toDeploymentId: previous.uid,
      type: 'rollback',
    });
    expect(['pending', 'in-progress']).toContain(pending.jobStatus);
    const busy = await vercelSend(emulator, 'POST', `/v1/projects/${p.id}/rollback/${current}`);
    expect(busy.status).toBe(409);
    const done = await until(
      () => project(emulator, p.id),
      (body) => obj(body.lastAliasRequest).jobStatus === 'succeeded',
    );
    expect(productionId(done)).toBe(previous.uid);
    expect(events(emulator)).toContain('deployment.rollback');

    // A production build while rolled back builds, but production stays where it was put.
    const rebuilt = obj(
      (
        await vercelSend(emulator, 'POST', '/v13/deployments', {
          deploymentId: current,
          name: p.name,
          target: 'production',
        })
      ).json,
    );
    await until(
      async () => obj((await vercelGet(emulator, `/v13/deployments/${String(rebuilt.id)}`)).json),
      (d) => d.readyState === 'READY',
    );
    const pinned = await project(emulator, p.id);
    expect(productionId(pinned)).toBe(previous.uid);
    expect(obj(pinned.lastAliasRequest).type).toBe('rollback');

    const promoted = await vercelSend(
      emulator,
      'POST',
      `/v10/projects/${p.id}/promote/${String(rebuilt.id)}`,
    );
    expect(promoted.status).toBe(201);
    const resumed = await until(
      () => project(emulator, p.id),
      (body) => obj(body.lastAliasRequest).jobStatus === 'succeeded',
    );
    expect(obj(resumed.lastAliasRequest)).toMatchObject({
      type: 'promote',
      fromDeploymentId: previous.uid,
      toDeploymentId: rebuilt.id,
    });
    expect(productionId(resumed)).toBe(rebuilt.id);
    expect(events(emulator)).toContain('deployment.promoted');

    // Production builds take the domain again once a promote ended the rollback.
    const next = obj(
      (
        await vercelSend(emulator, 'POST', '/v13/deployments', {
          deploymentId: current,
          name: p.name,
          target: 'production',
        })
      ).json,
    );
    await until(
      () => project(emulator, p.id),
      (body) => productionId(body) === next.id,
    );
  });

  it('refuses rollbacks to previews, to production itself, and in projects it cannot see', async () => {
    const { project: p } = demoProject(emulator);
    const preview = emulator.world.vercel.deployments.find(
      (d) => d.projectId === p.id && d.target === null && d.state === 'READY',
    );
    const toPreview = await vercelSend(
      emulator,
      'POST',
      `/v9/projects/${p.id}/rollback/${preview?.uid ?? ''}`,
    );
    expect(toPreview.status).toBe(400);
    const current = productionId(await project(emulator, p.id));
    const toItself = await vercelSend(emulator, 'POST', `/v9/projects/${p.id}/rollback/${current}`);
    expect(toItself.status).toBe(409);
    expect(obj(obj(toItself.json).error).code).toBe('conflict');
    const unknown = await vercelSend(emulator, 'POST', `/v10/projects/prj_nope/promote/${current}`);
    expect(unknown.status).toBe(404);
    const promotePreview = await vercelSend(
      emulator,
      'POST',
      `/v10/projects/${p.id}/promote/${preview?.uid ?? ''}`,
    );
    expect(promotePreview.status).toBe(400);
  });

  it('applies faults to the action routes', async () => {
    const { project: p, production } = demoProject(emulator);
    emulator.faults.add({
      area: 'vercel',
      method: 'POST',
      pathPattern: '/rollback/',
      errorRate: 1,
      errorStatus: 503,
      times: 1,
    });
    const failed = await vercelSend(
      emulator,
      'POST',
      `/v9/projects/${p.id}/rollback/${production[1]?.uid ?? ''}`,
    );
    expect(failed.status).toBe(503);
    expect(obj(obj(failed.json).error).code).toBe('service_unavailable');
    expect((await project(emulator, p.id)).lastAliasRequest).toMatchObject({ type: 'promote' });
  });
});

describe('Vercel rollback on a Hobby account', () => {
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await startTestEmulator({ deploymentStepMs: 10, vercelPersonalPlan: 'hobby' });
  });
  afterAll(() => emulator.close());

  it('answers 402 further back than the previous production deployment', async () => {
    const { project: p, production } = demoProject(emulator);
    // Production is served by the newest READY production deployment until something moves it.
    const [current, ...older] = production;
    expect(current).toBeDefined();
    const tooFar = await vercelSend(
      emulator,
      'POST',
      `/v9/projects/${p.id}/rollback/${older[1]?.uid ?? ''}`,
    );
    expect(tooFar.status).toBe(402);
    expect(String(obj(obj(tooFar.json).error).message)).toMatch(/upgrade to pro/);
    const previous = await vercelSend(
      emulator,
      'POST',
      `/v9/projects/${p.id}/rollback/${older[0]?.uid ?? ''}`,
    );
    expect(previous.status).toBe(201);
  });
});
