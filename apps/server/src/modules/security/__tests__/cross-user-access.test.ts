import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import type { PrivateRoute } from '../../../test-cross-user.js';
import { expectNoCrossUserAccess } from '../../../test-cross-user.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { notify } from '../../notifications/notify.js';
import { openEventStream } from './event-stream-reader.js';
import { connectVercel } from '../../../test-vercel.js';

const emulator = useEmulator({ repos: 8, richRepos: 2, projects: 2, deploymentsPerProject: 4 });

// octocat's private repository; hubot is a GitHub user who is no collaborator on it.
const privateRepo = '/api/github/repos/octocat/secret-plans';

/** Every GitHub route that takes an owner/repo; append new ones here. */
const githubRoutes: PrivateRoute[] = [
  { url: privateRepo },
  { url: `${privateRepo}/commits` },
  { url: `${privateRepo}/pulls` },
  { url: `${privateRepo}/branches` },
  { url: `${privateRepo}/languages` },
  { url: '/api/insights/dora?repo=octocat/secret-plans' },
  { url: '/api/insights/dora?days=90&repo=OctoCat/Secret-Plans' },
];

describe.each(testDialects)('cross-user access on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
    get vercel() {
      return emulator.vercelConfig;
    },
  });

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  async function userIdOf(token: string): Promise<string> {
    return (await get('/auth/me', token)).json<{ data: { user: { id: string } } }>().data.user.id;
  }

  async function notificationsOf(token: string) {
    const answer = await get('/api/notifications?perPage=100', token);
    expect(answer.statusCode).toBe(200);
    return answer.json<{
      data: { notifications: { id: string; read: boolean }[]; unreadCount: number };
    }>().data;
  }

  /** Two users, each with GitHub and Vercel connected and synced: neither is an empty account. */
  async function twoUsers() {
    const owner = await signInWithGithub(t.app, 'octocat');
    const intruder = await signInWithGithub(t.app, 'hubot');
    await connectVercel(t.app, owner, { token: emulator.handle.createVercelToken('octocat') });
    await connectVercel(t.app, intruder, { token: emulator.handle.createVercelToken('hubot') });
    return { owner, intruder };
  }

  it("answers 404 with none of the owner's data when another user asks for a private thing", async () => {
    const { owner, intruder } = await twoUsers();
    const project = (await get('/api/vercel/projects', owner)).json<{
      data: { projects: { id: string }[] };
    }>().data.projects[0];
    const deployment = (await get('/api/vercel/deployments', owner)).json<{
      data: { deployments: { id: string }[] };
    }>().data.deployments[0];
    if (!project || !deployment) throw new Error('the owner has nothing synced from Vercel');
    // The intruder has projects of their own, so a 404 is not just "Vercel not connected".
    expect(
      (await get('/api/vercel/projects', intruder)).json<{ data: { projects: unknown[] } }>().data
        .projects.length,
    ).toBeGreaterThan(0);

    await expectNoCrossUserAccess(t.app, { owner, intruder }, [
      ...githubRoutes,
      { url: `/api/vercel/projects/${project.id}` },
      { url: `/api/vercel/projects/${project.id}/deployments` },
      { url: `/api/vercel/deployments/${deployment.id}` },
    ]);
  }, 30_000);

  it("cannot mark another user's notification read, nor clear it", async () => {
    const { owner, intruder } = await twoUsers();
    const before = await notificationsOf(owner);
    const unread = before.notifications.find((item) => !item.read);
    if (!unread) throw new Error('the owner has no unread notification');

    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${unread.id}/read`,
      headers: bearer(intruder),
    });
    expect(marked.statusCode).toBe(404);
    expect(marked.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/notifications',
      headers: bearer(intruder),
    });
    expect(cleared.statusCode).toBe(200);
    const readAll = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: bearer(intruder),
    });
    expect(readAll.statusCode).toBe(200);

    const after = await notificationsOf(owner);
    expect(after.notifications.map((item) => item.id)).toEqual(
      before.notifications.map((item) => item.id),
    );
    expect(after.unreadCount).toBe(before.unreadCount);
    expect(after.notifications.find((item) => item.id === unread.id)?.read).toBe(false);
    expect((await notificationsOf(intruder)).notifications).toEqual([]);
  }, 30_000);

  it("never delivers one user's live events to another, and a used ticket opens nothing", async () => {
    const { owner, intruder } = await twoUsers();
    const [ownerId, intruderId] = [await userIdOf(owner), await userIdOf(intruder)];
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ticketOf = async (token: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/events/ticket',
        headers: bearer(token),
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ data: { ticket: string } }>().data.ticket;
    };

    const ownerTicket = await ticketOf(owner);
    const ownerStream = await openEventStream(origin, ownerTicket);
    // The owner's ticket, once used, opens nothing for whoever holds it next.
    const replay = await fetch(`${origin}/api/events?ticket=${encodeURIComponent(ownerTicket)}`, {
      headers: bearer(intruder),
    });
    expect(replay.status).toBe(401);
    // From the first event on: a replay of everything the intruder may see.
    const intruderStream = await openEventStream(origin, await ticketOf(intruder), 0);
    try {
      const secret = `owner-only-${Date.now()}`;
      await notify(t.app, ownerId, {
        type: 'deployment-failed',
        title: secret,
        message: secret,
        severity: 'high',
        link: null,
        dedupeKey: secret,
      });
      await ownerStream.waitFor(secret);
      // Events reach each stream in order: once the intruder sees their own later event, the
      // owner's earlier one would have been there too.
      const mine = `intruder-own-${Date.now()}`;
      await notify(t.app, intruderId, {
        type: 'deployment-failed',
        title: mine,
        message: mine,
        severity: 'high',
        link: null,
        dedupeKey: mine,
      });
      await intruderStream.waitFor(mine);
      expect(intruderStream.text()).not.toContain(secret);
      expect(intruderStream.text()).not.toContain(ownerId);
      expect(ownerStream.text()).not.toContain(mine);
    } finally {
      ownerStream.close();
      intruderStream.close();
    }
  }, 30_000);

  it("lists none of another user's private repositories", async () => {
    const owner = await signInWithGithub(t.app, 'octocat');
    const intruder = await signInWithGithub(t.app, 'hubot');
    const names = async (token: string) => {
      const response = await get('/api/github/repos?perPage=100', token);
      expect(response.statusCode).toBe(200);
      return response
        .json<{ data: { repositories: { full_name: string }[] } }>()
        .data.repositories.map((repo) => repo.full_name);
    };
    expect(await names(owner)).toContain('octocat/secret-plans');
    expect(await names(intruder)).not.toContain('octocat/secret-plans');
  }, 30_000);
});
