import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { connectVercel } from '../../../test-vercel.js';
import { deliverVercelWebhook } from '../../../test-webhooks.js';
import { githubSecret, vercelDelivery, vercelSecret } from './webhook-fixtures.js';

const emulator = useEmulator({ repos: 4, richRepos: 2, projects: 2, deploymentsPerProject: 4 });

// A Vercel delivery names a deployment and its project but carries no build state or times, so
// the stage words, previews and ETAs would wait for the next 10-minute refresh without this.
describe.each(testDialects)('a Vercel webhook on %s', (dialect) => {
  const t = useTestApp(dialect, {
    webhooks: { githubSecret, vercelSecret, perMinute: 10_000 },
    get github() {
      return emulator.githubConfig;
    },
    get vercel() {
      return emulator.vercelConfig;
    },
  });

  it("reads the named project's deployments again, so a build seen running shows its end", async () => {
    const token = await signInWithGithub(t.app, 'octocat');
    await connectVercel(t.app, token, { token: emulator.handle.createVercelToken('octocat') });
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    const userId = me.json<{ data: { user: { id: string } } }>().data.user.id;
    const db = t.app.db;

    const ready = await db
      .selectFrom('vercel_deployments')
      .select(['id', 'project_id', 'ready_at'])
      .where('user_id', '=', userId)
      .where('state', '=', 'READY')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    // What the last read saw: the build still running.
    await db
      .updateTable('vercel_deployments')
      .set({ state: 'BUILDING', ready_at: null })
      .where('user_id', '=', userId)
      .where('id', '=', ready.id)
      .execute();
    const changes = async () =>
      (
        await db
          .selectFrom('events')
          .select('payload')
          .where('user_id', '=', userId)
          .where('type', '=', 'data.changed')
          .execute()
      ).length;
    const changesBefore = await changes();
    const requestsBefore = emulator.handle.requestLog.list({ area: 'vercel' }).length;

    const delivery = vercelDelivery('deployment.succeeded', 'octocat');
    delivery.payload.deployment.id = ready.id;
    delivery.payload.project = { id: ready.project_id };
    expect((await deliverVercelWebhook(t.app, delivery)).statusCode).toBe(202);

    const after = await db
      .selectFrom('vercel_deployments')
      .select(['state', 'ready_at'])
      .where('user_id', '=', userId)
      .where('id', '=', ready.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ state: 'READY', ready_at: ready.ready_at });
    // One read of that project's deployments, not of the whole account.
    const calls = emulator.handle.requestLog
      .list({ area: 'vercel' })
      .slice(requestsBefore)
      .map((entry) => entry.url);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((url) => url.includes('deployments'))).toBe(true);
    // The delivery's own change, then the one the read found: open pages refetch after it.
    expect(await changes()).toBe(changesBefore + 2);
  }, 30_000);

  it('reads nothing for a project nobody has synced', async () => {
    const requestsBefore = emulator.handle.requestLog.list({ area: 'vercel' }).length;
    const delivery = vercelDelivery('deployment.created', 'octocat');
    delivery.payload.project = { id: 'prj_nobody_has' };
    expect((await deliverVercelWebhook(t.app, delivery)).statusCode).toBe(202);
    expect(emulator.handle.requestLog.list({ area: 'vercel' }).length).toBe(requestsBefore);
  });
});
