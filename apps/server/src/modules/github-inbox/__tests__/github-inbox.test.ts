import { notificationsResultSchema, unreadCountResultSchema } from '@shipdeck/shared/notifications';
import type { Notification, NotificationsResult } from '@shipdeck/shared/notifications';
import { describe, expect, it } from 'vitest';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { expectNoCrossUserAccess } from '../../../test-cross-user.js';
import { useEmulator } from '../../../test-github.js';
import { notify } from '../../notifications/notify.js';
import { pollGithubInbox } from '../poll-github-inbox.js';

const emulator = useEmulator({ repos: 3, richRepos: 1, projects: 1, rateLimits: false });

/** GitHub logins connected so far: the emulator (and what it marked read) outlives each database. */
const used = new Set<string>(['octocat']);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe.each(testDialects)('GitHub notifications in the inbox on %s', (dialect) => {
  const t = useTestApp(dialect, {
    publicUrl: 'http://127.0.0.1:3000',
    get github() {
      return emulator.githubConfig;
    },
  });

  /** A Shipdeck account connected to GitHub as `login` with a personal access token. */
  async function connect(
    login: string,
    scopes?: string[],
    options: { fineGrained?: boolean } = {},
  ) {
    used.add(login);
    const { token, userId } = await signUpAndLogIn(t.app);
    const githubToken = emulator.handle.createGithubToken(login, scopes, options);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/auth/github',
      headers: bearer(token),
      payload: { token: githubToken },
    });
    expect(put.statusCode, put.body).toBe(200);
    await t.app.jobs.drain();
    const account = emulator.handle.world.account(login);
    if (!account) throw new Error(`no emulator account ${login}`);
    return { token, userId, account };
  }

  /** A GitHub login no other test (on either database) has connected, with unread threads. */
  function spareLogin(minUnread = 5): string {
    const world = emulator.handle.world;
    const account = [...world.accounts.values()].find(
      (a) => a.type === 'User' && !used.has(a.login) && unreadOnGithub(a.id).length >= minUnread,
    );
    if (!account) throw new Error('no spare emulator account');
    return account.login;
  }
  let octocat: { token: string; userId: string; account: { id: number } } | undefined;

  async function list(token: string, query = ''): Promise<NotificationsResult> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/notifications${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf(response, notificationsResultSchema);
  }

  async function act(token: string, path: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/notifications${path}`,
      headers: bearer(token),
    });
  }

  /** The emulator's unread threads of a user, as `all=false` lists them. */
  function unreadOnGithub(accountId: number) {
    const world = emulator.handle.world;
    return world.notifications
      .threadsOf(accountId)
      .filter((thread) => thread.unread && !thread.done && world.repos.has(thread.repoId));
  }

  function threadOnGithub(accountId: number, itemId: string) {
    const thread = emulator.handle.world.notifications.get(
      Number(itemId.replace('github-', '')),
      accountId,
    );
    if (!thread) throw new Error(`no thread ${itemId}`);
    return thread;
  }

  function githubLogSince(id: number) {
    return emulator.handle.requestLog.list({ area: 'github', sinceId: id });
  }

  function lastLogId(): number {
    return emulator.handle.requestLog.list().at(-1)?.id ?? 0;
  }

  async function storedThreads(userId: string) {
    return t.database.db
      .selectFrom('github_notification_threads')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  }

  it('follows Link across pages, answers a 304 without writing, and keeps X-Poll-Interval', async () => {
    octocat = await connect('octocat');
    const { token, userId, account } = octocat;
    const expected = unreadOnGithub(account.id);
    expect(expected.length).toBeGreaterThan(50);

    const start = Date.now();
    const before = lastLogId();
    const first = await pollGithubInbox(t.app, userId, { force: true, now: new Date(start) });
    expect(first.outcome).toBe('synced');
    const pages = githubLogSince(before).filter((entry) =>
      entry.url.startsWith('/api/v3/notifications?'),
    );
    expect(pages).toHaveLength(2);
    expect(pages[0]?.url).toContain('all=false');
    expect(pages[0]?.url).toContain('participating=false');
    expect(pages[0]?.url).toContain('per_page=50');
    expect(pages[1]?.url).toContain('page=2');
    const stored = await storedThreads(userId);
    expect(new Set(stored.map((row) => row.thread_id))).toEqual(
      new Set(expected.map((thread) => String(thread.id))),
    );
    const poll = await t.database.db
      .selectFrom('github_inbox_polls')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(poll.poll_interval_seconds).toBe(60);
    expect(poll.last_modified).toMatch(/GMT$/);
    expect(poll.access).toBe('synced');

    // Sooner than X-Poll-Interval: no request at all.
    const beforeSoon = lastLogId();
    const soon = await pollGithubInbox(t.app, userId, { now: new Date(start + 30 * SECOND) });
    expect(soon).toMatchObject({ outcome: 'too-soon', requests: 0 });
    expect(githubLogSince(beforeSoon)).toEqual([]);

    // After it: If-Modified-Since, a 304, nothing written.
    const beforeNotModified = lastLogId();
    const syncedAt = stored.map((row) => row.synced_at).sort();
    const unchanged = await pollGithubInbox(t.app, userId, { now: new Date(start + 61 * SECOND) });
    expect(unchanged).toMatchObject({ outcome: 'not-modified', requests: 1, written: 0 });
    const [conditional] = githubLogSince(beforeNotModified);
    expect(conditional).toMatchObject({ status: 304, notModified: true });
    expect((await storedThreads(userId)).map((row) => row.synced_at).sort()).toEqual(syncedAt);

    // A new thread on GitHub moves Last-Modified: the next poll brings it, announced live.
    const repoId = expected[0]?.repoId ?? 0;
    const arrived = emulator.handle.world.notifications.notify({
      userId: account.id,
      repoId,
      reason: 'review_requested',
      subject: {
        type: 'PullRequest',
        title: 'Please review the inbox',
        path: '/pulls/4242',
        latestCommentPath: '/issues/comments/777',
      },
    });
    if (!arrived) throw new Error('the emulator made no thread');
    const next = await pollGithubInbox(t.app, userId, { now: new Date(start + 122 * SECOND) });
    expect(next.outcome).toBe('synced');
    expect(next.written).toBe(1);
    const inbox = await list(token, '?source=github&reason=review_requested');
    const item = inbox.notifications.find((n) => n.id === `github-${arrived.id}`);
    const repository = emulator.handle.world.repos.get(repoId);
    const fullName = repository ? emulator.handle.world.fullName(repository) : '';
    expect(item).toMatchObject({
      source: 'github',
      type: null,
      reason: 'review_requested',
      subjectType: 'PullRequest',
      title: 'Please review the inbox',
      read: false,
      repository: fullName,
      pullRequest: { number: 4242, state: 'open' },
    });
    // The web link is the pull request's page on the emulator's GitHub, at the latest comment.
    expect(item?.link).toBe(`${emulator.handle.webUrl}/${fullName}/pull/4242#issuecomment-777`);
    const events = await t.database.db
      .selectFrom('events')
      .select('payload')
      .where('user_id', '=', userId)
      .where('type', '=', 'notification.created')
      .execute();
    expect(events.some((event) => event.payload.includes(`"github-${arrived.id}"`))).toBe(true);

    // Read on GitHub: the next poll that reads the whole list shows it read here.
    arrived.unread = false;
    emulator.handle.world.touch();
    const reconciled = await pollGithubInbox(t.app, userId, { now: new Date(start + 10 * MINUTE) });
    expect(reconciled.outcome).toBe('synced');
    const row = (await storedThreads(userId)).find((r) => r.thread_id === String(arrived.id));
    expect(row?.unread).toBe(0);
  }, 30_000);

  it('marks read, done, mutes and reads all on GitHub first, and a refusal changes nothing', async () => {
    const { token, userId, account } = await connect(spareLogin());
    await pollGithubInbox(t.app, userId, { force: true });
    const unread = (await list(token, '?source=github&unread=true&perPage=100')).notifications;
    expect(unread.length).toBeGreaterThan(4);
    const [toRead, toRefuse, toDone, toMute, toFail] = unread as [
      Notification,
      Notification,
      Notification,
      Notification,
      Notification,
    ];

    // Read: PATCH, 205.
    let mark = lastLogId();
    const countBefore = (await list(token)).unreadCount;
    const read = await act(token, `/${toRead.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(dataOf(read, unreadCountResultSchema).unreadCount).toBe(countBefore - 1);
    expect(githubLogSince(mark)).toMatchObject([
      {
        method: 'PATCH',
        url: `/api/v3/notifications/threads/${toRead.id.slice(7)}`,
        status: 205,
      },
    ]);
    expect(threadOnGithub(account.id, toRead.id).unread).toBe(false);

    // GitHub refuses a read: the item stays unread, and the answer says why.
    emulator.handle.faults.add({
      area: 'github',
      method: 'PATCH',
      path: '/api/v3/notifications/threads/',
      errorRate: 1,
      errorStatus: 403,
      times: 1,
    });
    mark = lastLogId();
    const refused = await act(token, `/${toRefuse.id}/read`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(refused.json<{ message: string }>().message).toContain('GitHub refused');
    expect(githubLogSince(mark)).toMatchObject([{ method: 'PATCH', status: 403 }]);
    const afterRefusal = (await list(token, '?source=github&perPage=100')).notifications;
    expect(afterRefusal.find((n) => n.id === toRefuse.id)?.read).toBe(false);
    expect(threadOnGithub(account.id, toRefuse.id).unread).toBe(true);

    // GitHub fails a done: a 502, and the item stays in the inbox.
    emulator.handle.faults.add({
      area: 'github',
      method: 'DELETE',
      path: '/api/v3/notifications/threads/',
      errorRate: 1,
      errorStatus: 503,
      times: 1,
    });
    const failed = await act(token, `/${toFail.id}/done`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'PROVIDER_ERROR' });
    expect((await list(token, '?perPage=100')).notifications.map((n) => n.id)).toContain(toFail.id);

    // Done: DELETE, 204; the item leaves the inbox.
    mark = lastLogId();
    const done = await act(token, `/${toDone.id}/done`);
    expect(done.statusCode, done.body).toBe(200);
    expect(githubLogSince(mark)).toMatchObject([{ method: 'DELETE', status: 204 }]);
    expect(threadOnGithub(account.id, toDone.id).done).toBe(true);
    expect((await list(token, '?perPage=100')).notifications.map((n) => n.id)).not.toContain(
      toDone.id,
    );

    // Mute: the subscription ignored, then read.
    mark = lastLogId();
    const muted = await act(token, `/${toMute.id}/mute`);
    expect(muted.statusCode, muted.body).toBe(200);
    const muteLog = githubLogSince(mark);
    expect(muteLog).toMatchObject([
      { method: 'PUT', status: 200 },
      { method: 'PATCH', status: 205 },
    ]);
    expect(muteLog[0]?.url).toBe(
      `/api/v3/notifications/threads/${toMute.id.slice(7)}/subscription`,
    );
    const mutedOnGithub = threadOnGithub(account.id, toMute.id);
    expect(mutedOnGithub.subscription?.ignored).toBe(true);
    expect(mutedOnGithub.unread).toBe(false);
    const afterMute = (await list(token, '?perPage=100')).notifications;
    expect(afterMute.find((n) => n.id === toMute.id)?.read).toBe(true);

    // Read all: PUT /notifications (205, or 202 in the background), and Shipdeck's items too.
    await notify(t.app, userId, {
      type: 'commits-pushed',
      title: 'New commits',
      message: 'pushed',
      severity: 'low',
      link: null,
      dedupeKey: 'inbox-test:read-all',
    });
    mark = lastLogId();
    const all = await act(token, '/read-all');
    expect(all.statusCode, all.body).toBe(200);
    expect(dataOf(all, unreadCountResultSchema).unreadCount).toBe(0);
    const put = githubLogSince(mark);
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({ method: 'PUT', url: '/api/v3/notifications' });
    expect([202, 205]).toContain(put[0]?.status);
    expect(unreadOnGithub(account.id)).toEqual([]);
    // The next complete poll agrees.
    await pollGithubInbox(t.app, userId, { force: true, now: new Date(Date.now() + 10 * MINUTE) });
    expect((await list(token)).unreadCount).toBe(0);
  }, 30_000);

  it('keeps each user to their own threads, and answers malformed ids with a 400', async () => {
    const owner = await connect(spareLogin());
    const intruder = await connect(spareLogin());
    await pollGithubInbox(t.app, owner.userId, { force: true });
    await pollGithubInbox(t.app, intruder.userId, { force: true });
    const [first, second, third] = (await list(owner.token, '?source=github&unread=true'))
      .notifications;
    if (!first || !second || !third) throw new Error('monalisa has too few threads');
    const theirs = (await list(intruder.token, '?perPage=100')).notifications.map((n) => n.id);
    expect(theirs).not.toContain(first.id);
    await expectNoCrossUserAccess(t.app, { owner: owner.token, intruder: intruder.token }, [
      { method: 'POST', url: `/api/notifications/${first.id}/read` },
      { method: 'POST', url: `/api/notifications/${second.id}/mute` },
      { method: 'POST', url: `/api/notifications/${third.id}/done` },
    ]);

    const bad = await act(owner.token, '/github-12ab/read');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'params.id' }],
    });
    const unknown = await act(owner.token, '/github-99999999999/done');
    expect(unknown.statusCode).toBe(404);
    const unknownShipdeck = await act(owner.token, '/not-an-item/read');
    expect(unknownShipdeck.statusCode).toBe(404);
    const muteShipdeck = await act(owner.token, '/not-an-item/mute');
    expect(muteShipdeck.statusCode).toBe(400);
  }, 30_000);

  it('says when the token cannot read notifications: a missing scope, a fine-grained token', async () => {
    const noScope = await connect(spareLogin(0), ['public_repo', 'read:org']);
    expect((await list(noScope.token)).githubInbox).toBe('missing-scope');
    const before = lastLogId();
    const refused = await pollGithubInbox(t.app, noScope.userId, { force: true });
    expect(refused.outcome).toBe('missing-scope');
    expect(githubLogSince(before)).toMatchObject([{ method: 'GET', status: 403 }]);
    const answer = await list(noScope.token);
    expect(answer.githubInbox).toBe('missing-scope');
    expect(answer.notifications.filter((n) => n.source === 'github')).toEqual([]);

    const fineGrained = await connect(spareLogin(0), ['repo'], {
      fineGrained: true,
    });
    expect((await list(fineGrained.token)).githubInbox).toBe('unsupported-token');
    const quiet = lastLogId();
    expect(await pollGithubInbox(t.app, fineGrained.userId, { force: true })).toMatchObject({
      outcome: 'unsupported-token',
      requests: 0,
    });
    expect(githubLogSince(quiet).filter((e) => e.url.includes('/notifications'))).toEqual([]);

    const { token } = await signUpAndLogIn(t.app);
    expect((await list(token)).githubInbox).toBe('not-connected');
  }, 30_000);

  it('merges both sources newest first, filters them, counts unread per filter value', async () => {
    const { token, userId } = await connect(spareLogin());
    await pollGithubInbox(t.app, userId, { force: true });
    const github = (await list(token, '?source=github&perPage=100')).notifications;
    const [newest] = github;
    if (!newest?.repository) throw new Error('no GitHub thread');
    await notify(t.app, userId, {
      type: 'deployment-failed',
      title: 'Deployment failed: web',
      message: 'failed',
      severity: 'critical',
      link: '/deployments/d1',
      repository: newest.repository,
      dedupeKey: 'inbox-test:merged',
      at: new Date(Date.now() + MINUTE).toISOString(),
    });
    const all = await list(token, '?perPage=100');
    const times = all.notifications.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.notifications[0]).toMatchObject({
      source: 'shipdeck',
      type: 'deployment-failed',
      repository: newest.repository,
    });
    expect(new Set(all.notifications.map((n) => n.source))).toEqual(
      new Set(['github', 'shipdeck']),
    );
    const unreadTotal = all.notifications.filter((n) => !n.read).length;
    expect(all.unreadCount).toBe(unreadTotal);
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: bearer(token),
    });
    expect(dataOf(count, unreadCountResultSchema).unreadCount).toBe(unreadTotal);

    const bySource = Object.fromEntries(all.facets.sources.map((f) => [f.value, f.unread]));
    expect(bySource.github).toBe(
      all.notifications.filter((n) => n.source === 'github' && !n.read).length,
    );
    expect(bySource.shipdeck).toBe(
      all.notifications.filter((n) => n.source === 'shipdeck' && !n.read).length,
    );
    for (const facet of all.facets.reasons) {
      const filtered = await list(token, `?reason=${facet.value}&unread=true&perPage=100`);
      expect(filtered.pagination.total, facet.value).toBe(facet.unread);
      expect(filtered.notifications.every((n) => n.reason === facet.value && !n.read)).toBe(true);
    }
    const repoFacet = all.facets.repositories.find((f) => f.value === newest.repository);
    const inRepo = await list(
      token,
      `?repository=${encodeURIComponent(newest.repository)}&perPage=100`,
    );
    expect(inRepo.notifications.every((n) => n.repository === newest.repository)).toBe(true);
    expect(inRepo.notifications.filter((n) => !n.read)).toHaveLength(repoFacet?.unread ?? -1);
    expect(inRepo.notifications.map((n) => n.source)).toContain('shipdeck');
    const byType = await list(token, '?type=deployment-failed');
    expect(byType.notifications.map((n) => n.source)).toEqual(['shipdeck']);
    const read = await list(token, '?unread=false&perPage=100');
    expect(read.notifications.every((n) => n.read)).toBe(true);
    // Pages of the merged list neither overlap nor skip.
    const paged: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      paged.push(...(await list(token, `?perPage=10&page=${page}`)).notifications.map((n) => n.id));
    }
    expect(paged).toEqual(all.notifications.slice(0, 30).map((n) => n.id));
  }, 30_000);

  it('marks done, in one action, the threads whose pull request merged or closed since they arrived', async () => {
    if (!octocat) throw new Error('the first test connects octocat');
    const { token, userId, account } = octocat;
    const pull = await t.database.db
      .selectFrom('github_pull_requests')
      .innerJoin('github_repository_access', (join) =>
        join
          .onRef(
            'github_repository_access.repository_id',
            '=',
            'github_pull_requests.repository_id',
          )
          .on('github_repository_access.user_id', '=', userId),
      )
      .select(['github_pull_requests.id', 'github_pull_requests.repository_id', 'number', 'title'])
      .where('github_pull_requests.state', '=', 'open')
      .executeTakeFirst();
    if (!pull) throw new Error('the sync stored no open pull request');
    const thread = emulator.handle.world.notifications.notify({
      userId: account.id,
      repoId: Number(pull.repository_id),
      reason: 'review_requested',
      subject: {
        type: 'PullRequest',
        title: pull.title,
        path: `/pulls/${pull.number}`,
        latestCommentPath: null,
      },
    });
    if (!thread) throw new Error('the emulator made no thread');
    await pollGithubInbox(t.app, userId, { force: true });
    // Nothing merged yet: nothing to do.
    const none = await act(token, '/done-merged-closed');
    expect(none.json()).toMatchObject({ data: { done: 0 } });

    await t.database.db
      .updateTable('github_pull_requests')
      .set({
        state: 'closed',
        merged_at: new Date().toISOString(),
        closed_at: new Date().toISOString(),
      })
      .where('id', '=', Number(pull.id))
      .execute();
    const item = (await list(token, '?source=github&perPage=100')).notifications.find(
      (n) => n.id === `github-${thread.id}`,
    );
    expect(item?.pullRequest).toMatchObject({ number: pull.number, state: 'merged' });
    const mark = lastLogId();
    const done = await act(token, '/done-merged-closed');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ data: { done: 1 } });
    expect(githubLogSince(mark)).toMatchObject([
      { method: 'DELETE', url: `/api/v3/notifications/threads/${thread.id}`, status: 204 },
    ]);
    expect(thread.done).toBe(true);
    const after = (await list(token, '?perPage=100')).notifications.map((n) => n.id);
    expect(after).not.toContain(`github-${thread.id}`);
  }, 30_000);
});
