import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import {
  admin,
  arr,
  githubGet,
  githubSend,
  obj,
  startTestEmulator,
} from '../testing/test-emulator.js';
import { MARK_READ_BACKGROUND_MESSAGE } from './routes/notifications.js';

// GitHub's notifications API as PROVIDERS.md 9.1 describes it: Link paging (per_page ≤ 50),
// Last-Modified + If-Modified-Since → 304 with X-Poll-Interval, 205/204/202 writes, 403 for
// missing scopes and token types, per-user threads, muting, and live activity adding threads.

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

function userId(login: string): number {
  const account = emulator.world.account(login);
  if (!account) throw new Error(`no ${login}`);
  return account.id;
}

function repoId(fullName: string): number {
  const [owner = '', name = ''] = fullName.split('/');
  const found = emulator.world.lookupRepo(owner, name);
  if (!found || !('repo' in found)) throw new Error(`no ${fullName}`);
  return found.repo.id;
}

function threadsOf(login: string) {
  return emulator.world.notifications.threadsOf(userId(login));
}

/** Follows rel="next" from `path`, returning every thread and the pages' Link headers. */
async function allPages(
  path: string,
  token?: string,
): Promise<{ threads: Record<string, unknown>[]; links: (string | null)[] }> {
  const threads: Record<string, unknown>[] = [];
  const links: (string | null)[] = [];
  let next: string | null = path;
  while (next) {
    const answer = await githubGet(emulator, next, token);
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    threads.push(...arr(answer.json).map(obj));
    const link = answer.headers.get('link');
    links.push(link);
    next = /<([^>]+)>; rel="next"/.exec(link ?? '')?.[1] ?? null;
  }
  return { threads, links };
}

describe('GitHub notifications', () => {
  it('gives the demo account a busy, realistic inbox derived from the world', () => {
    const threads = threadsOf('octocat');
    const reasons = new Set(threads.map((t) => t.reason));
    expect(threads.length).toBeGreaterThan(100);
    expect(threads.filter((t) => t.unread).length).toBeGreaterThan(20);
    expect(threads.filter((t) => !t.unread).length).toBeGreaterThan(20);
    for (const reason of ['review_requested', 'author', 'comment', 'ci_activity', 'assign'])
      expect(reasons).toContain(reason);
    expect(threads.filter((t) => t.reason === 'ci_activity').length).toBeGreaterThan(20);
    // Each user's threads are their own: different users, different ids.
    const hubotIds = new Set(threadsOf('hubot').map((t) => t.id));
    expect(threads.some((t) => hubotIds.has(t.id))).toBe(false);
  });

  it('is deterministic for a seed', async () => {
    const other = await startTestEmulator({ warmUp: false });
    try {
      const a = other.world.notifications.threadsOf(userId('octocat'));
      const fresh = await startTestEmulator({ warmUp: false });
      try {
        expect(JSON.stringify(fresh.world.notifications.threadsOf(userId('octocat')))).toBe(
          JSON.stringify(a),
        );
      } finally {
        await fresh.close();
      }
    } finally {
      await other.close();
    }
  });

  it('points pull request threads at pull requests that exist, merged and closed ones too', async () => {
    const { threads } = await allPages('/notifications?all=true');
    const pulls = threads.filter((t) => obj(t.subject).type === 'PullRequest');
    expect(pulls.length).toBeGreaterThan(30);
    const states = new Set<string>();
    for (const thread of pulls.slice(0, 40)) {
      const subject = obj(thread.subject);
      expect(String(subject.url)).toMatch(/\/api\/v3\/repos\/[^/]+\/[^/]+\/pulls\/\d+$/);
      const pull = await githubGet(emulator, String(subject.url));
      expect(pull.status, String(subject.url)).toBe(200);
      const body = obj(pull.json);
      states.add(body.merged ? 'merged' : String(body.state));
      expect(String(obj(thread.repository).html_url)).toBe(
        `${emulator.webUrl}/${String(obj(thread.repository).full_name)}`,
      );
    }
    expect(states).toEqual(new Set(['open', 'merged', 'closed']));
    const checks = threads.filter((t) => obj(t.subject).type === 'CheckSuite');
    expect(checks.length).toBeGreaterThan(10);
    for (const thread of checks) {
      expect(thread.reason).toBe('ci_activity');
      expect(obj(thread.subject).url).toBeNull();
      expect(String(obj(thread.subject).title)).toMatch(
        /^\S.* workflow run(, Attempt #\d+)? (failed|succeeded) for .+ branch$/,
      );
    }
  });

  it('puts repository html_url on the web address and subject URLs on the API, as on GHES', async () => {
    const behindProxy = await startTestEmulator({
      warmUp: false,
      webUrl: 'https://shipdeck.example/_demo/github',
    });
    try {
      const answer = await githubGet(behindProxy, '/notifications?all=true');
      const thread = arr(answer.json)
        .map(obj)
        .find((t) => obj(t.subject).type === 'PullRequest');
      const repository = obj(thread?.repository);
      expect(String(repository.html_url)).toBe(
        `https://shipdeck.example/_demo/github/${String(repository.full_name)}`,
      );
      expect(
        String(obj(thread?.subject).url).startsWith(`${behindProxy.githubApiUrl}/repos/`),
      ).toBe(true);
      expect(thread?.url).toBe(
        `${behindProxy.githubApiUrl}/notifications/threads/${String(thread?.id)}`,
      );
    } finally {
      await behindProxy.close();
    }
  });

  it('pages with Link (per_page at most 50), newest first, unread only by default', async () => {
    const first = await githubGet(emulator, '/notifications?all=true&per_page=100');
    expect(first.status).toBe(200);
    expect(arr(first.json)).toHaveLength(50);
    const link = first.headers.get('link') ?? '';
    expect(link).toContain('rel="next"');
    expect(link).toContain('rel="last"');
    expect(link).toContain(`${emulator.githubApiUrl}/notifications?all=true&per_page=100&page=2`);

    const second = await githubGet(emulator, '/notifications?all=true&page=2');
    const secondLink = second.headers.get('link') ?? '';
    expect(secondLink).toMatch(/page=1>; rel="prev"/);
    expect(secondLink).toMatch(/page=1>; rel="first"/);

    const { threads } = await allPages('/notifications?all=true');
    expect(threads).toHaveLength(threadsOf('octocat').length);
    const times = threads.map((t) => String(t.updated_at));
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(threads.map((t) => t.id)).size).toBe(threads.length);
    expect(typeof threads[0]?.id).toBe('string');

    const unread = await allPages('/notifications');
    expect(unread.threads.every((t) => t.unread === true)).toBe(true);
    expect(unread.threads).toHaveLength(
      threadsOf('octocat').filter((t) => t.unread && !t.done).length,
    );
    const participating = await allPages('/notifications?all=true&participating=true');
    expect(
      participating.threads.some((t) => ['subscribed', 'ci_activity'].includes(String(t.reason))),
    ).toBe(false);

    const since = String(threads[10]?.updated_at);
    const recent = await allPages(`/notifications?all=true&since=${since}`);
    expect(recent.threads.every((t) => String(t.updated_at) > since)).toBe(true);
    const older = await allPages(`/notifications?all=true&before=${since}`);
    expect(older.threads.every((t) => String(t.updated_at) < since)).toBe(true);
    expect((await githubGet(emulator, '/notifications?since=yesterday')).status).toBe(422);
  });

  it('lists one repository with the generic per_page, Link on /repositories/{id}', async () => {
    const thread = threadsOf('octocat').find((t) => t.subject.type === 'PullRequest');
    const repo = emulator.world.repos.get(thread?.repoId ?? 0);
    if (!repo) throw new Error('no repo');
    const name = emulator.world.fullName(repo);
    const { threads, links } = await allPages(`/repos/${name}/notifications?all=true&per_page=5`);
    expect(threads.length).toBe(threadsOf('octocat').filter((t) => t.repoId === repo.id).length);
    expect(threads.every((t) => obj(t.repository).full_name === name)).toBe(true);
    if (threads.length > 5)
      expect(links[0]).toContain(`${emulator.githubApiUrl}/repositories/${repo.id}/notifications`);
  });

  it('answers If-Modified-Since with an empty 304 that costs nothing, both with X-Poll-Interval', async () => {
    const token = 'ghp_emu_monalisa';
    const first = await githubGet(emulator, '/notifications', token);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-poll-interval')).toBe('60');
    const lastModified = first.headers.get('last-modified') ?? '';
    const newest = threadsOf('monalisa')
      .map((t) => t.updatedAt)
      .sort()
      .reverse()[0];
    expect(lastModified).toBe(new Date(newest ?? '').toUTCString());
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));

    const again = await githubGet(emulator, '/notifications', token, {
      'if-modified-since': lastModified,
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('x-poll-interval')).toBe('60');
    expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(remaining);
    expect(emulator.requestLog.list().at(-1)?.notModified).toBe(true);

    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const changed = await githubGet(emulator, '/notifications', token, {
      'if-modified-since': older,
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('x-poll-interval')).toBe('60');
  });

  it('moves Last-Modified on for threads arriving within the second a client already saw', async () => {
    const token = 'ghp_emu_monalisa';
    let lastModified = '';
    for (let i = 0; i < 3; i++) {
      const added = await admin(emulator, 'POST', '/notifications', {
        login: 'monalisa',
        repo: 'shipdeck-labs/platform',
        reason: 'mention',
        issue: 8100 + i,
      });
      expect(added.status).toBe(201);
      const answer = await githubGet(
        emulator,
        '/notifications',
        token,
        lastModified ? { 'if-modified-since': lastModified } : {},
      );
      expect(answer.status).toBe(200);
      expect(arr(answer.json).map((t) => obj(t).id)).toContain(String(obj(added.json).id));
      lastModified = answer.headers.get('last-modified') ?? '';
      const repo = await githubGet(emulator, '/repos/shipdeck-labs/platform/notifications', token);
      expect(repo.headers.get('last-modified')).toBe(lastModified);
    }
    expect(
      (await githubGet(emulator, '/notifications', token, { 'if-modified-since': lastModified }))
        .status,
    ).toBe(304);
  });

  it('PATCH marks a thread read (205, no body) and shows in the request log', async () => {
    const thread = threadsOf('octocat').find((t) => t.unread && !t.done);
    if (!thread) throw new Error('no unread thread');
    const before = emulator.requestLog.list().at(-1)?.id ?? 0;
    const answer = await githubSend(emulator, 'PATCH', `/notifications/threads/${thread.id}`);
    expect(answer.status).toBe(205);
    expect(answer.text).toBe('');
    expect(answer.headers.get('content-type')).toBeNull();
    const entries = emulator.requestLog.list({ sinceId: before });
    expect(entries).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: `/api/v3/notifications/threads/${thread.id}`,
        status: 205,
        actor: 'octocat',
      }),
    ]);
    const fetched = obj((await githubGet(emulator, `/notifications/threads/${thread.id}`)).json);
    expect(fetched.unread).toBe(false);
    expect(fetched.last_read_at).not.toBeNull();
    const { threads } = await allPages('/notifications');
    expect(threads.some((t) => t.id === String(thread.id))).toBe(false);
  });

  it('DELETE marks a thread done (204): gone from the inbox, read with all=true', async () => {
    const thread = threadsOf('octocat').find((t) => t.unread && !t.done);
    if (!thread) throw new Error('no unread thread');
    const answer = await githubSend(emulator, 'DELETE', `/notifications/threads/${thread.id}`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    const unread = await allPages('/notifications');
    expect(unread.threads.some((t) => t.id === String(thread.id))).toBe(false);
    const all = await allPages('/notifications?all=true');
    expect(all.threads.find((t) => t.id === String(thread.id))).toMatchObject({ unread: false });
  });

  it('keeps threads per user: another user gets 404 and changes nothing', async () => {
    const thread = threadsOf('octocat').find((t) => t.unread && !t.done);
    if (!thread) throw new Error('no unread thread');
    const hubot = 'ghp_emu_hubot';
    for (const [method, path] of [
      ['GET', `/notifications/threads/${thread.id}`],
      ['PATCH', `/notifications/threads/${thread.id}`],
      ['DELETE', `/notifications/threads/${thread.id}`],
      ['GET', `/notifications/threads/${thread.id}/subscription`],
      ['PUT', `/notifications/threads/${thread.id}/subscription`],
    ] as const) {
      const answer =
        method === 'GET'
          ? await githubGet(emulator, path, hubot)
          : await githubSend(emulator, method, path, undefined, hubot);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect(thread.unread).toBe(true);
    expect(thread.done).toBe(false);
    const { threads } = await allPages('/notifications?all=true', hubot);
    expect(threads.some((t) => t.id === String(thread.id))).toBe(false);
    expect((await githubGet(emulator, '/notifications/threads/12345')).status).toBe(404);
    expect((await githubGet(emulator, '/notifications/threads/nope')).status).toBe(404);
  });

  it('PUT /notifications answers 205, or 202 when more than 50 were unread (still marked)', async () => {
    // zoe-unicode has a handful of unread threads: 205.
    const few = await githubSend(
      emulator,
      'PUT',
      '/notifications',
      undefined,
      'ghp_emu_zoe-unicode',
    );
    expect(few.status).toBe(205);
    expect(few.text).toBe('');
    expect(threadsOf('zoe-unicode').every((t) => !t.unread)).toBe(true);

    // Give xss-tester 60 unread threads first.
    for (let i = 0; i < 60; i++) {
      const added = await admin(emulator, 'POST', '/notifications', {
        login: 'xss-tester',
        repo: 'octocat/hello-world',
        reason: 'subscribed',
        issue: 9000 + i,
        title: `Issue ${i}`,
      });
      expect(added.status).toBe(201);
    }
    const cutoff = new Date().toISOString();
    const many = await githubSend(
      emulator,
      'PUT',
      '/notifications',
      { last_read_at: cutoff, read: true },
      'ghp_emu_xss-tester',
    );
    expect(many.status).toBe(202);
    expect(obj(many.json)).toEqual({ message: MARK_READ_BACKGROUND_MESSAGE });
    const left = await githubGet(emulator, '/notifications', 'ghp_emu_xss-tester');
    expect(arr(left.json)).toEqual([]);
    expect(threadsOf('xss-tester').every((t) => t.lastReadAt !== null)).toBe(true);
  });

  it('PUT /notifications with last_read_at leaves newer threads unread; the repository variant marks one repository', async () => {
    const login = 'a-very-long-login-name-for-layout-tests';
    const token = `ghp_emu_${login}`;
    const old = await admin(emulator, 'POST', '/notifications', {
      login,
      repo: 'octocat/hello-world',
      issue: 7001,
      updatedAt: '2025-05-01T00:00:00Z',
    });
    const newer = await admin(emulator, 'POST', '/notifications', {
      login,
      repo: 'octocat/hello-world',
      issue: 7002,
    });
    const elsewhere = await admin(emulator, 'POST', '/notifications', {
      login,
      repo: 'octocat/shipdeck',
      issue: 7003,
    });
    const partial = await githubSend(
      emulator,
      'PUT',
      '/repos/octocat/hello-world/notifications',
      { last_read_at: '2025-05-02T00:00:00Z' },
      token,
    );
    expect(partial.status).toBe(205);
    const byId = (id: unknown) => threadsOf(login).find((t) => t.id === Number(id));
    expect(byId(obj(old.json).id)?.unread).toBe(false);
    expect(byId(obj(newer.json).id)?.unread).toBe(true);
    const all = await githubSend(
      emulator,
      'PUT',
      '/repos/octocat/hello-world/notifications',
      {},
      token,
    );
    expect(all.status).toBe(205);
    expect(byId(obj(newer.json).id)?.unread).toBe(false);
    expect(byId(obj(elsewhere.json).id)?.unread).toBe(true);
  });

  it('refuses tokens without notifications or repo scope, fine-grained and app tokens (403)', async () => {
    const publicToken = await githubGet(emulator, '/notifications', 'ghp_emu_octocat_public');
    expect(publicToken.status).toBe(403);
    const refusal = obj(publicToken.json);
    expect(refusal.message).toBe("Missing the 'notifications' scope.");
    expect(String(refusal.documentation_url)).toContain(
      'docs.github.com/rest/activity/notifications',
    );
    expect(publicToken.headers.get('x-accepted-oauth-scopes')).toBe('notifications, repo');
    expect(publicToken.headers.get('x-oauth-scopes')).toBe('public_repo, read:user');

    const onlyNotifications = emulator.createGithubToken('octocat', ['notifications']);
    expect((await githubGet(emulator, '/notifications', onlyNotifications)).status).toBe(200);

    const fineGrained = emulator.createGithubToken('octocat', ['repo', 'notifications'], {
      fineGrained: true,
    });
    const refused = await githubGet(emulator, '/notifications', fineGrained);
    expect(refused.status).toBe(403);
    expect(obj(refused.json).message).toBe('Resource not accessible by personal access token');
    const thread = threadsOf('octocat')[0];
    const patch = await githubSend(
      emulator,
      'PATCH',
      `/notifications/threads/${String(thread?.id)}`,
      undefined,
      fineGrained,
    );
    expect(patch.status).toBe(403);

    for (const app of ['installation', 'user'] as const) {
      const token = emulator.createGithubToken('octocat', ['repo'], { app });
      expect(token.startsWith(app === 'installation' ? 'ghs_' : 'ghu_')).toBe(true);
      const answer = await githubGet(emulator, '/notifications', token);
      expect(answer.status).toBe(403);
      expect(obj(answer.json).message).toBe('Resource not accessible by integration');
    }
    const viaAdmin = await admin(emulator, 'POST', '/tokens', {
      login: 'octocat',
      kind: 'fine-grained',
    });
    expect(String(obj(viaAdmin.json).token)).toMatch(/^github_pat_/);

    expect((await githubGet(emulator, '/notifications', null)).status).toBe(401);
    expect((await githubGet(emulator, '/notifications', 'ghp_nope')).status).toBe(401);
  });

  it('mutes a thread with PUT …/subscription {ignored: true}: no more updates reach it', async () => {
    const thread = threadsOf('monalisa').find(
      (t) => t.subject.type === 'PullRequest' && t.subscription !== null,
    );
    if (!thread) throw new Error('no subscribed pull request thread');
    const path = `/notifications/threads/${thread.id}/subscription`;
    const token = 'ghp_emu_monalisa';
    const current = obj((await githubGet(emulator, path, token)).json);
    expect(current).toMatchObject({ subscribed: true, ignored: false, reason: null });
    expect(current.thread_url).toBe(`${emulator.githubApiUrl}/notifications/threads/${thread.id}`);

    const muted = await githubSend(emulator, 'PUT', path, { ignored: true }, token);
    expect(muted.status).toBe(200);
    expect(obj(muted.json)).toMatchObject({ subscribed: false, ignored: true });
    const updatedAt = thread.updatedAt;
    const repo = emulator.world.repos.get(thread.repoId);
    if (!repo) throw new Error('no repo');
    const bump = await admin(emulator, 'POST', '/notifications', {
      login: 'monalisa',
      repo: emulator.world.fullName(repo),
      pull: Number(thread.subject.path?.split('/').pop()),
      reason: 'comment',
    });
    expect(bump.status).toBe(409);
    expect(thread.updatedAt).toBe(updatedAt);

    expect((await githubSend(emulator, 'PUT', path, { ignored: 'yes' }, token)).status).toBe(422);
    expect((await githubSend(emulator, 'DELETE', path, undefined, token)).status).toBe(204);
    expect((await githubGet(emulator, path, token)).status).toBe(404);
  });

  it('live activity adds threads: review requests and mentions, merges, failed builds; Last-Modified advances', async () => {
    const token = 'ghp_emu_hubot';
    const before = await githubGet(emulator, '/notifications', token);
    const lastModified = before.headers.get('last-modified') ?? '';
    expect(
      (await githubGet(emulator, '/notifications', token, { 'if-modified-since': lastModified }))
        .status,
    ).toBe(304);

    const opened = await emulator.triggerActivity({
      kind: 'pull_request.opened',
      repo: 'octocat/shipdeck',
      text: 'Wire up the inbox, @hubot and @monalisa please have a look',
      outcome: 'READY',
      waitForDeployment: false,
    });
    const shipdeck = emulator.world.history(repoId('octocat/shipdeck'));
    const pull = shipdeck.pull(opened.pullNumber ?? 0);
    if (!pull) throw new Error('no pull');
    const subjectUrl = `${emulator.githubApiUrl}/repos/octocat/shipdeck/pulls/${pull.number}`;
    for (const login of ['hubot', 'monalisa']) {
      if (userId(login) === pull.userId) continue;
      const { threads } = await allPages('/notifications', `ghp_emu_${login}`);
      const thread = threads.find((t) => obj(t.subject).url === subjectUrl);
      expect(thread, login).toBeDefined();
      expect(['mention', 'review_requested']).toContain(thread?.reason);
      expect(thread?.unread).toBe(true);
    }
    if (pull.userId !== userId('hubot')) {
      const after = await githubGet(emulator, '/notifications', token, {
        'if-modified-since': lastModified,
      });
      expect(after.status).toBe(200);
      expect(Date.parse(after.headers.get('last-modified') ?? '')).toBeGreaterThan(
        Date.parse(lastModified),
      );
    }

    await emulator.triggerActivity({
      kind: 'pull_request.merged',
      repo: 'octocat/shipdeck',
      text: 'Merge me',
      outcome: 'READY',
      waitForDeployment: false,
    });
    const merged = shipdeck.data.pulls
      .filter((p) => p.mergedAt !== null)
      .sort((a, b) => b.number - a.number)[0];
    if (merged && merged.mergedById !== merged.userId) {
      const author = threadsOf(emulator.world.accounts.get(merged.userId)?.login ?? '').find(
        (t) => t.subject.path === `/pulls/${merged.number}`,
      );
      expect(author?.reason).toBe('state_change');
    }

    const failed = await emulator.triggerActivity({
      kind: 'push',
      repo: 'octocat/shipdeck',
      outcome: 'ERROR',
    });
    const commit = shipdeck.commit(failed.commitSha ?? '');
    const author = commit?.authorId ? emulator.world.accounts.get(commit.authorId) : undefined;
    if (author?.type === 'User') {
      const newest = [...threadsOf(author.login)].sort((a, b) =>
        b.updatedAt.localeCompare(a.updatedAt),
      )[0];
      expect(newest).toMatchObject({
        reason: 'ci_activity',
        unread: true,
        subject: { type: 'CheckSuite', path: null },
      });
      expect(newest?.subject.title).toBe(`Deploy workflow run failed for ${failed.ref} branch`);
    }
  });

  it('a fault rule makes the next write fail (403) without applying it', async () => {
    const thread = threadsOf('octocat').find((t) => t.unread && !t.done);
    if (!thread) throw new Error('no unread thread');
    const rule = await admin(emulator, 'POST', '/faults', {
      area: 'github',
      method: 'PATCH',
      path: '/api/v3/notifications/threads/',
      errorRate: 1,
      errorStatus: 403,
      times: 1,
    });
    expect(rule.status).toBe(201);
    const refused = await githubSend(emulator, 'PATCH', `/notifications/threads/${thread.id}`);
    expect(refused.status).toBe(403);
    expect(obj(refused.json)).toMatchObject({ message: 'Forbidden', status: '403' });
    expect(thread.unread).toBe(true);
    const entry = emulator.requestLog.list().at(-1);
    expect(entry).toMatchObject({ method: 'PATCH', status: 403 });
    expect(entry?.faults).toEqual([obj(rule.json).id]);
    // Used up: the next one goes through.
    expect(
      (await githubSend(emulator, 'PATCH', `/notifications/threads/${thread.id}`)).status,
    ).toBe(205);
  });

  it('the admin API lists a user’s stored threads', async () => {
    const listed = await admin(emulator, 'GET', '/notifications?login=octocat');
    expect(listed.status).toBe(200);
    expect(arr(listed.json)).toHaveLength(threadsOf('octocat').length);
    expect((await admin(emulator, 'GET', '/notifications?login=nobody')).status).toBe(404);
  });
});
