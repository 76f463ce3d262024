import { userResultSchema } from '@shipdeck/shared/auth';
import { errorMessages } from '@shipdeck/shared/messages';
import { vercelDeploymentsResultSchema, vercelOptionsSchema } from '@shipdeck/shared/vercel';
import type { ServerVercelAccess } from '@shipdeck/shared/admin';
import { describe, expect, it } from 'vitest';
import { accessConfig, auditEntries, invite, signUp } from '../../../test-access.js';
import {
  bearer,
  dataOf,
  logIn,
  newAccount,
  signUpAndLogIn,
  testDialects,
  useTestApp,
} from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';
import { connectVercel } from '../../../test-vercel.js';

const emulator = useEmulator({ repos: 4, richRepos: 1, projects: 3, deploymentsPerProject: 4 });

describe.each(testDialects)("the server's Vercel account on %s", (dialect) => {
  const t = useTestApp(dialect, {
    ...accessConfig('invite'),
    get vercel() {
      return { ...emulator.vercelConfig, serverToken: emulator.handle.demo.vercelToken };
    },
  });
  let owner = { token: '', userId: '' };

  async function member() {
    const { token: invitation } = await invite(t.app, owner.token);
    const account = newAccount('member');
    await signUp(t.app, account, invitation);
    return logIn(t.app, account);
  }
  const setAccess = async (value: ServerVercelAccess) => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(owner.token),
      payload: { serverVercelAccess: value },
    });
    expect(put.statusCode).toBe(200);
  };
  const me = async (token: string) =>
    dataOf(
      await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) }),
      userResultSchema,
    ).user;
  const connectServer = (token: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/auth/vercel',
      headers: bearer(token),
      payload: { useServerAccount: true },
    });
  const deployments = async (token: string) =>
    dataOf(
      await t.app.inject({ method: 'GET', url: '/api/vercel/deployments', headers: bearer(token) }),
      vercelDeploymentsResultSchema,
    ).deployments;
  const redeploy = (token: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/vercel/deployments/${id}/redeploy`,
      headers: bearer(token),
      payload: { target: 'preview' },
    });

  it('is closed to members by default (off): not offered, refused with 403, no projects', async () => {
    owner = await signUpAndLogIn(t.app);
    const stranger = await member();
    const options = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/auth/vercel/options',
        headers: bearer(stranger.token),
      }),
      vercelOptionsSchema,
    );
    expect(options).toMatchObject({ serverAccount: false, serverAccountCanAct: false });
    const refused = await connectServer(stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: errorMessages.serverVercelOff });
    const teams = await t.app.inject({
      method: 'POST',
      url: '/auth/vercel/teams',
      headers: bearer(stranger.token),
      payload: { useServerAccount: true },
    });
    expect(teams.statusCode).toBe(403);
    expect((await me(stranger.token)).vercel).toBeNull();
    expect(await deployments(stranger.token)).toEqual([]);
  });

  it('is always open to admins, who act through it, and every action is recorded', async () => {
    await connectVercel(t.app, owner.token, { useServerAccount: true });
    expect((await me(owner.token)).vercel).toMatchObject({ source: 'server', canAct: true });
    const [first] = await deployments(owner.token);
    if (!first) throw new Error('nothing synced');
    const answer = await redeploy(owner.token, first.id);
    expect(answer.statusCode).toBe(200);
    const entries = await auditEntries(t.app, owner.token);
    expect(entries.find((e) => e.action === 'vercel.redeploy')).toMatchObject({
      outcome: 'success',
      target: { type: 'vercel-deployment', id: first.id },
      details: { project: first.projectName, deployment: first.id, serverAccount: true },
    });
    expect(entries.find((e) => e.action === 'vercel.connected')).toMatchObject({
      details: { serverAccount: true },
    });
  });

  it('under view, members see its projects and deployments but every action answers 403', async () => {
    await setAccess('view');
    const viewer = await member();
    const options = dataOf(
      await t.app.inject({
        method: 'GET',
        url: '/auth/vercel/options',
        headers: bearer(viewer.token),
      }),
      vercelOptionsSchema,
    );
    expect(options).toMatchObject({ serverAccount: true, serverAccountCanAct: false });
    await connectVercel(t.app, viewer.token, { useServerAccount: true });
    expect((await me(viewer.token)).vercel).toMatchObject({ source: 'server', canAct: false });
    const list = await deployments(viewer.token);
    expect(list.length).toBeGreaterThan(0);
    const target = list[0];
    if (!target) throw new Error('nothing synced');
    emulator.handle.requestLog.clear();
    for (const url of [
      `/api/vercel/deployments/${target.id}/redeploy`,
      `/api/vercel/deployments/${target.id}/cancel`,
    ]) {
      const response = await t.app.inject({ method: 'POST', url, headers: bearer(viewer.token) });
      expect([403, 409]).toContain(response.statusCode);
    }
    const refused = await redeploy(viewer.token, target.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: errorMessages.serverVercelViewOnly });
    // Refused before anything reached Vercel.
    expect(
      emulator.handle.requestLog
        .list({ area: 'vercel' })
        .filter((entry) => entry.method === 'POST'),
    ).toEqual([]);
    const entry = (await auditEntries(t.app, owner.token)).find(
      (e) => e.action === 'vercel.redeploy' && e.outcome === 'refused',
    );
    expect(entry).toMatchObject({ details: { serverAccount: true } });
  });

  it('under act, members act too; narrowing to view takes the right away at once', async () => {
    await setAccess('act');
    const actor = await member();
    await connectVercel(t.app, actor.token, { useServerAccount: true });
    expect((await me(actor.token)).vercel?.canAct).toBe(true);
    const [target] = await deployments(actor.token);
    if (!target) throw new Error('nothing synced');
    expect((await redeploy(actor.token, target.id)).statusCode).toBe(200);

    await setAccess('view');
    expect((await me(actor.token)).vercel?.canAct).toBe(false);
    expect((await redeploy(actor.token, target.id)).statusCode).toBe(403);
  });

  it('narrowing to off disconnects members from it at once, leaving own-token connections and admins', async () => {
    await setAccess('act');
    const onServer = await member();
    await connectVercel(t.app, onServer.token, { useServerAccount: true });
    const ownToken = await member();
    await connectVercel(t.app, ownToken.token, {
      token: emulator.handle.createVercelToken('octocat'),
    });
    expect((await deployments(onServer.token)).length).toBeGreaterThan(0);

    await setAccess('off');
    expect((await me(onServer.token)).vercel).toBeNull();
    expect(await deployments(onServer.token)).toEqual([]);
    const stored = await t.database.db
      .selectFrom('provider_tokens')
      .select('user_id')
      .where('user_id', '=', onServer.userId)
      .execute();
    expect(stored).toEqual([]);
    expect((await me(ownToken.token)).vercel).toMatchObject({ source: 'token', canAct: true });
    expect((await me(owner.token)).vercel).toMatchObject({ source: 'server', canAct: true });
    const entry = (await auditEntries(t.app, owner.token)).find(
      (e) => e.action === 'vercel.disconnected' && e.target?.id === onServer.userId,
    );
    expect(entry).toMatchObject({ actor: { kind: 'user' }, details: { serverAccount: true } });
  });
});
