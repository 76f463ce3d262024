import { notificationsResultSchema } from '@shipdeck/shared/notifications';
import { describe, expect, it } from 'vitest';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';
import { openEventStream } from '../../events/__tests__/sse-client.js';
import { GITHUB_INBOX_QUEUE, queueDueInboxPolls } from '../inbox-jobs.js';
import { threadWebLink } from '../thread-wire.js';

const emulator = useEmulator({ repos: 3, richRepos: 1, projects: 1, rateLimits: false });
const MINUTE = 60_000;

describe('the web link of a thread', () => {
  const repository = {
    full_name: 'acme/api',
    html_url: 'https://ghe.example.com/acme/api',
  };
  const api = 'https://ghe.example.com/api/v3/repos/acme/api';
  const link = (type: string, url: string | null, latest: string | null = null, title = 't') =>
    threadWebLink({ repository, subject: { type, url, latest_comment_url: latest, title } });

  it('opens the subject on the GitHub server the repository lives on', () => {
    expect(link('PullRequest', `${api}/pulls/12`, `${api}/pulls/12`)).toBe(
      'https://ghe.example.com/acme/api/pull/12',
    );
    expect(link('PullRequest', `${api}/pulls/12`, `${api}/issues/comments/99`)).toBe(
      'https://ghe.example.com/acme/api/pull/12#issuecomment-99',
    );
    expect(link('PullRequest', `${api}/pulls/12`, `${api}/pulls/comments/7`)).toBe(
      'https://ghe.example.com/acme/api/pull/12#discussion_r7',
    );
    expect(link('Issue', `${api}/issues/3`)).toBe('https://ghe.example.com/acme/api/issues/3');
    expect(link('Commit', `${api}/commits/abc123`)).toBe(
      'https://ghe.example.com/acme/api/commit/abc123',
    );
    expect(link('Release', `${api}/releases/55`)).toBe('https://ghe.example.com/acme/api/releases');
    expect(link('Commit', `${api}/commits/abc123`, `${api}/comments/5`)).toBe(
      'https://ghe.example.com/acme/api/commit/abc123#commitcomment-5',
    );
    expect(link('CheckSuite', null)).toBe('https://ghe.example.com/acme/api/actions');
    const run = link(
      'CheckSuite',
      null,
      null,
      'CI workflow run, Attempt #2 failed for main branch',
    );
    expect(run).toBe(
      `https://ghe.example.com/acme/api/actions?query=${encodeURIComponent('workflow:"CI" is:failure branch:main')}`,
    );
    expect(link('RepositoryDependabotAlertsThread', null)).toBe(
      'https://ghe.example.com/acme/api/security/dependabot',
    );
    expect(link('Discussion', null)).toBe('https://ghe.example.com/acme/api/discussions');
    expect(link('Unknown', null)).toBe('https://ghe.example.com/acme/api');
  });
});

describe.each(testDialects)('when the inbox polls GitHub on %s', (dialect) => {
  const t = useTestApp(dialect, {
    publicUrl: 'http://127.0.0.1:3000',
    get github() {
      return emulator.githubConfig;
    },
  });
  let baseUrl = '';

  /** Connects GitHub by a new token of `login` (again, for a user already connected). */
  async function putGithubToken(token: string, login: string) {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/auth/github',
      headers: bearer(token),
      payload: { token: emulator.handle.createGithubToken(login) },
    });
    expect(put.statusCode, put.body).toBe(200);
  }

  async function connect(login: string) {
    const { token, userId } = await signUpAndLogIn(t.app);
    await putGithubToken(token, login);
    await t.app.jobs.drain();
    return { token, userId };
  }

  async function githubItems(token: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?source=github&perPage=100',
      headers: bearer(token),
    });
    return dataOf(response, notificationsResultSchema);
  }

  /** Opens the inbox (which asks for a poll) and runs that poll. */
  async function openInbox(token: string) {
    await githubItems(token);
    await t.app.jobs.drain();
  }

  async function pollRow(userId: string) {
    return t.database.db
      .selectFrom('github_inbox_polls')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  it('listens', async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('polls once the inbox is opened: the list asks for a poll and answers from the store', async () => {
    const login = dialect === 'sqlite' ? 'monalisa' : 'hubot';
    const { token } = await connect(login);
    const first = await githubItems(token);
    expect(first.githubInbox).toBe('synced');
    expect(first.notifications).toEqual([]);
    expect((await t.app.jobs.countQueued()).get(GITHUB_INBOX_QUEUE)).toBe(1);
    await t.app.jobs.drain();
    expect((await githubItems(token)).notifications.length).toBeGreaterThan(0);
  });

  it('polls at GitHub’s interval while Shipdeck is open, every 10 minutes otherwise', async () => {
    const live = await connect(dialect === 'sqlite' ? 'zoe-unicode' : 'xss-tester');
    const offline = await connect(
      dialect === 'sqlite' ? 'a-very-long-login-name-for-layout-tests' : 'octocat',
    );
    // Opening an event stream marks the user present and asks for a poll at once.
    const stream = await openEventStream(t.app, baseUrl, live.token);
    for (let i = 0; i < 50 && !(await pollRow(live.userId))?.live_until; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const presence = await pollRow(live.userId);
    expect(Date.parse(presence?.live_until ?? '')).toBeGreaterThan(Date.now());
    // The poll is asked for just after the presence is noted: drain until it has run.
    for (let i = 0; i < 100 && !(await pollRow(live.userId))?.last_success_at; i += 1) {
      await t.app.jobs.drain();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await pollRow(live.userId))?.last_success_at).not.toBeNull();
    // The offline user is polled once (their page asked), then left to the 10-minute cadence.
    await githubItems(offline.token);
    await t.app.jobs.drain();
    expect((await pollRow(offline.userId))?.last_success_at).not.toBeNull();

    const now = Date.now();
    const ours = (ids: string[]) =>
      ids.filter((id) => id === live.userId || id === offline.userId).sort();
    // Before X-Poll-Interval (60 s) has passed, nobody is due.
    expect(ours(await queueDueInboxPolls(t.app, new Date(now + 30_000)))).toEqual([]);
    // After it, only the user with Shipdeck open.
    expect(ours(await queueDueInboxPolls(t.app, new Date(now + 61_000)))).toEqual([live.userId]);
    await t.app.jobs.drain();
    // Ten minutes on, the other one too (the live one's presence has lapsed by then as well).
    stream.close();
    expect(ours(await queueDueInboxPolls(t.app, new Date(now + 11 * MINUTE)))).toEqual(
      [live.userId, offline.userId].sort(),
    );
    await t.app.jobs.drain();
  });

  it('polls a new token at once, however recently the last one polled', async () => {
    const login = dialect === 'sqlite' ? 'xss-tester' : 'a-very-long-login-name-for-layout-tests';
    const { token, userId } = await connect(login);
    await openInbox(token);
    expect((await githubItems(token)).notifications.length).toBeGreaterThan(0);
    // Signed in again (a new token for the same GitHub account), within GitHub's poll interval.
    await putGithubToken(token, login);
    const right = await githubItems(token);
    expect(right.githubInbox).toBe('synced');
    expect((await t.app.jobs.countQueued()).get(GITHUB_INBOX_QUEUE)).toBe(1);
    await t.app.jobs.drain();
    expect((await githubItems(token)).notifications.length).toBeGreaterThan(0);
    expect((await pollRow(userId))?.last_success_at).not.toBeNull();
  });

  it('forgets the GitHub side of a user who disconnected GitHub when the inbox is next read', async () => {
    const login = dialect === 'sqlite' ? 'octocat' : 'monalisa';
    const { token, userId } = await connect(login);
    await openInbox(token);
    expect((await githubItems(token)).notifications.length).toBeGreaterThan(0);
    const disconnect = await t.app.inject({
      method: 'DELETE',
      url: '/auth/github',
      headers: bearer(token),
    });
    expect(disconnect.statusCode, disconnect.body).toBe(200);
    const answer = await githubItems(token);
    expect(answer.githubInbox).toBe('not-connected');
    expect(answer.notifications).toEqual([]);
    const left = await t.database.db
      .selectFrom('github_notification_threads')
      .select('thread_id')
      .where('user_id', '=', userId)
      .execute();
    expect(left).toEqual([]);
    expect(await pollRow(userId)).toBeUndefined();
  });

  it('has the due pass forget a disconnected user nobody asked about', async () => {
    const login = dialect === 'sqlite' ? 'hubot' : 'zoe-unicode';
    const { token, userId } = await connect(login);
    await openInbox(token);
    await t.app.inject({ method: 'DELETE', url: '/auth/github', headers: bearer(token) });
    await queueDueInboxPolls(t.app);
    expect(await pollRow(userId)).toBeUndefined();
    const left = await t.database.db
      .selectFrom('github_notification_threads')
      .select('thread_id')
      .where('user_id', '=', userId)
      .execute();
    expect(left).toEqual([]);
  });
});
