import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import type { NotificationInput } from '../notify.js';
import { notify } from '../notify.js';

const emulator = useEmulator({ repos: 3, richRepos: 1, projects: 1, rateLimits: false });

interface ListBody {
  data: {
    notifications: { id: string; type: string; title: string; read: boolean; link: string }[];
    pagination: { total: number; totalPages: number; hasNext: boolean };
    unreadCount: number;
  };
}

function item(key: string, overrides: Partial<NotificationInput> = {}): NotificationInput {
  return {
    type: 'pull-request-merged',
    title: `Merged ${key}`,
    message: `PR ${key} was merged`,
    severity: 'medium',
    link: '/pull-requests',
    dedupeKey: `pr-merged:1:${key}`,
    ...overrides,
  };
}

describe.each(testDialects)('notifications on %s', (dialect) => {
  const t = useTestApp(dialect, {
    publicUrl: 'http://127.0.0.1:3000',
    get github() {
      return emulator.githubConfig;
    },
  });

  async function list(token: string, query = '') {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/notifications${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<ListBody>().data;
  }

  it('creates one item per dedupe key, newest first, with pagination and type filter', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    expect(await notify(t.app, userId, item('1', { at: '2026-11-23T10:00:00.000Z' }))).toBe(true);
    expect(await notify(t.app, userId, item('1'))).toBe(false);
    await notify(t.app, userId, item('2', { at: '2026-11-23T11:00:00.000Z' }));
    await notify(
      t.app,
      userId,
      item('3', {
        type: 'deployment-failed',
        dedupeKey: 'deployment-error:d1',
        at: '2026-11-23T12:00:00.000Z',
      }),
    );

    const all = await list(token);
    expect(all.notifications.map((n) => n.title)).toEqual(['Merged 3', 'Merged 2', 'Merged 1']);
    expect(all.unreadCount).toBe(3);
    const page2 = await list(token, '?page=2&perPage=2');
    expect(page2.notifications.map((n) => n.title)).toEqual(['Merged 1']);
    expect(page2.pagination).toMatchObject({ total: 3, totalPages: 2, hasNext: false });
    const merged = await list(token, '?type=pull-request-merged');
    expect(merged.notifications).toHaveLength(2);
  });

  it('marks read one and all, clears, and keeps cleared changes from coming back', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    await notify(t.app, userId, item('a'));
    await notify(t.app, userId, item('b'));
    const [first] = (await list(token)).notifications;
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${first?.id}/read`,
      headers: bearer(token),
    });
    expect(read.json()).toEqual({ success: true, data: { unreadCount: 1 } });
    expect((await list(token)).notifications.map((n) => n.read)).toEqual([true, false]);

    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: bearer(token),
    });
    expect((await list(token)).unreadCount).toBe(0);

    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/notifications',
      headers: bearer(token),
    });
    expect(cleared.statusCode).toBe(200);
    expect((await list(token)).notifications).toEqual([]);
    expect(await notify(t.app, userId, item('a'))).toBe(false);
    expect((await list(token)).notifications).toEqual([]);
  });

  it("answers 404 for another user's item and 400 for a bad query", async () => {
    const owner = await signUpAndLogIn(t.app);
    const other = await signUpAndLogIn(t.app);
    await notify(t.app, owner.userId, item('x'));
    const [mine] = (await list(owner.token)).notifications;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${mine?.id}/read`,
      headers: bearer(other.token),
    });
    expect(response.statusCode).toBe(404);
    expect((await list(owner.token)).unreadCount).toBe(1);
    expect((await list(other.token)).notifications).toEqual([]);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?type=nonsense',
      headers: bearer(owner.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('type');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('creates nothing when the user turned notifications off', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/auth/preferences',
      headers: bearer(token),
      payload: { notifications: false },
    });
    expect(await notify(t.app, userId, item('off'))).toBe(false);
    expect((await list(token)).notifications).toEqual([]);
  });

  it('welcomes a user who connects GitHub once, with the Vercel prompt', async () => {
    const token = await signInWithGithub(t.app, 'octocat');
    await signInWithGithub(t.app, 'octocat');
    const { notifications } = await list(token);
    expect(notifications.map((n) => n.type).sort()).toEqual(['connect-vercel', 'welcome']);
    expect(notifications.find((n) => n.type === 'connect-vercel')?.link).toBe('/settings');
    // Each sign-in runs the first GitHub sync through the job engine.
  }, 20_000);
});
