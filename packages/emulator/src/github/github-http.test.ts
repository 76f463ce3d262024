import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import { admin, arr, githubGet, obj, startTestEmulator } from '../testing/test-emulator.js';

// Wire-level behaviour of the GitHub API: Link pagination, conditional requests, rate limits,
// scope gates and the status codes PROVIDERS.md §7 asks for.

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startTestEmulator({ repos: 150 });
});
afterAll(() => emulator.close());

function links(header: string | null): { rel: string; url: URL }[] {
  if (!header) return [];
  return header.split(', ').map((part) => {
    const match = /^<([^>]+)>; rel="(\w+)"$/.exec(part);
    if (!match) throw new Error(`Malformed Link part: ${part}`);
    return { rel: match[2] ?? '', url: new URL(match[1] ?? '') };
  });
}

function repoId(fullName: string): number {
  const [owner = '', name = ''] = fullName.split('/');
  const found = emulator.world.lookupRepo(owner, name);
  if (!found || !('repo' in found)) throw new Error(`${fullName} missing`);
  return found.repo.id;
}

describe('Link pagination', () => {
  it('orders prev, next, last, first and keeps the query, changing only page', async () => {
    const answer = await githubGet(emulator, '/user/repos?per_page=3&sort=full_name&page=2');
    const parts = links(answer.headers.get('link'));
    expect(parts.map((p) => p.rel)).toEqual(['prev', 'next', 'last', 'first']);
    expect(parts[0]?.url.search).toBe('?per_page=3&sort=full_name&page=1');
    expect(parts[1]?.url.search).toBe('?per_page=3&sort=full_name&page=3');
    expect(parts[3]?.url.searchParams.get('page')).toBe('1');
    const last = Number(parts[2]?.url.searchParams.get('page'));
    const lastPage = await githubGet(emulator, parts[2]?.url.toString() ?? '');
    expect(links(lastPage.headers.get('link')).map((p) => p.rel)).toEqual(['prev', 'first']);
    expect(arr(lastPage.json).length).toBeGreaterThan(0);
    expect(last).toBeGreaterThan(2);
  });

  it('page 1 has only next and last; a single page has no Link header', async () => {
    const first = await githubGet(emulator, '/user/repos?per_page=5');
    expect(links(first.headers.get('link')).map((p) => p.rel)).toEqual(['next', 'last']);
    const single = await githubGet(emulator, '/repos/octocat/shipdeck/branches?per_page=100');
    expect(single.headers.get('link')).toBeNull();
  });

  it('repository lists link to /repositories/{id}/…, and those URLs resolve', async () => {
    const answer = await githubGet(emulator, '/repos/octocat/shipdeck/commits?per_page=5');
    const next = links(answer.headers.get('link')).find((p) => p.rel === 'next');
    expect(next?.url.pathname).toBe(`/api/v3/repositories/${repoId('octocat/shipdeck')}/commits`);
    const page2 = await githubGet(emulator, next?.url.toString() ?? '');
    expect(page2.status).toBe(200);
    expect(arr(page2.json)).toHaveLength(5);
  });

  it('per_page defaults to 30 and is capped at 100', async () => {
    expect(arr((await githubGet(emulator, '/user/repos')).json)).toHaveLength(30);
    expect(arr((await githubGet(emulator, '/user/repos?per_page=500')).json)).toHaveLength(100);
  });

  it('search caps at 1,000 results with a 422 beyond', async () => {
    const beyond = await githubGet(emulator, '/search/issues?q=is:pr&per_page=100&page=11');
    expect(beyond.status).toBe(422);
    expect(obj(beyond.json).message).toBe('Only the first 1000 search results are available');
  });
});

describe('conditional requests', () => {
  it('answers 304 with an empty body on a matching ETag, without using the rate limit', async () => {
    const first = await githubGet(emulator, '/repos/octocat/shipdeck');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^(W\/)?"[0-9a-f]{40}"$/);
    expect(first.headers.get('last-modified')).toMatch(/GMT$/);
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    for (const candidate of [etag, `W/${etag.replace(/^W\//, '')}`, `"nope", ${etag}`]) {
      const again = await githubGet(emulator, '/repos/octocat/shipdeck', undefined, {
        'if-none-match': candidate,
      });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(remaining);
    }
    const counted = await githubGet(emulator, '/repos/octocat/shipdeck');
    expect(Number(counted.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
  });

  it('honours If-Modified-Since against Last-Modified, and list endpoints have ETags too', async () => {
    const first = await githubGet(emulator, '/user');
    const since = await githubGet(emulator, '/user', undefined, {
      'if-modified-since': first.headers.get('last-modified') ?? '',
    });
    expect(since.status).toBe(304);
    const list = await githubGet(emulator, '/user/repos?per_page=2');
    const again = await githubGet(emulator, '/user/repos?per_page=2', undefined, {
      'if-none-match': list.headers.get('etag') ?? '',
    });
    expect(again.status).toBe(304);
  });
});

describe('freshness', () => {
  it('answers change (with a new ETag) as soon as the world changes', async () => {
    const before = await githubGet(emulator, '/repos/octocat/hello-world');
    const result = await emulator.triggerActivity({
      kind: 'push',
      repo: 'octocat/hello-world',
      outcome: 'READY',
    });
    const commits = await githubGet(
      emulator,
      `/repos/octocat/hello-world/commits?per_page=1&sha=${encodeURIComponent(result.ref ?? '')}`,
    );
    expect(obj(arr(commits.json)[0]).sha).toBe(result.commitSha);
    const after = await githubGet(emulator, '/repos/octocat/hello-world');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const stale = await githubGet(emulator, '/repos/octocat/hello-world', undefined, {
      'if-none-match': before.headers.get('etag') ?? '',
    });
    expect(stale.status).toBe(200);

    const repo = emulator.world.lookupRepo('octocat', 'hello-world');
    if (!repo || !('repo' in repo)) throw new Error('hello-world missing');
    repo.repo.description = 'Edited through the data handle';
    emulator.world.touch();
    expect(obj((await githubGet(emulator, '/repos/octocat/hello-world')).json).description).toBe(
      'Edited through the data handle',
    );
  });
});

describe('status codes and scopes', () => {
  it('401 for bad credentials, "Requires authentication" without a token, public data without one', async () => {
    const bad = await githubGet(emulator, '/user', 'ghp_wrong');
    expect(bad.status).toBe(401);
    expect(obj(bad.json)).toMatchObject({ message: 'Bad credentials', status: '401' });
    const anonymous = await githubGet(emulator, '/user', null);
    expect(anonymous.status).toBe(401);
    expect(obj(anonymous.json).message).toBe('Requires authentication');
    const publicRepo = await githubGet(emulator, '/repos/octocat/shipdeck', null);
    expect(publicRepo.status).toBe(200);
    expect(publicRepo.headers.get('x-ratelimit-limit')).toBe('60');
    expect(obj(publicRepo.json)).not.toHaveProperty('permissions');
  });

  it('private repositories need access and the repo scope; hidden ones are 404, never 403', async () => {
    expect((await githubGet(emulator, '/repos/octocat/secret-plans')).status).toBe(200);
    expect(
      (await githubGet(emulator, '/repos/octocat/secret-plans', 'ghp_emu_octocat_public')).status,
    ).toBe(404);
    expect((await githubGet(emulator, '/repos/octocat/secret-plans', 'ghp_emu_hubot')).status).toBe(
      404,
    );
    expect((await githubGet(emulator, '/repos/octocat/secret-plans', null)).status).toBe(404);
    const listed = arr(
      (await githubGet(emulator, '/user/repos?per_page=100', 'ghp_emu_octocat_public')).json,
    );
    expect(listed.every((r) => obj(r).private === false)).toBe(true);
  });

  it('sends X-OAuth-Scopes and gates /user/emails and private profile fields on scopes', async () => {
    const answer = await githubGet(emulator, '/user/emails', 'ghp_emu_octocat_public');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('x-oauth-scopes')).toBe('public_repo, read:user');
    expect(answer.headers.get('x-accepted-oauth-scopes')).toBe('user, user:email');
    expect(
      obj((await githubGet(emulator, '/user', 'ghp_emu_octocat_public')).json).user_view_type,
    ).toBe('public');
  });

  it('409 for commits of an empty repository, 301 with Location for a renamed one', async () => {
    const empty = await githubGet(emulator, '/repos/octocat/empty-repo/commits');
    expect(empty.status).toBe(409);
    expect(obj(empty.json).message).toBe('Git Repository is empty.');
    const moved = await githubGet(emulator, '/repos/octocat/old-name/commits?per_page=2');
    expect(moved.status).toBe(301);
    const location = moved.headers.get('location') ?? '';
    expect(location).toBe(
      `${emulator.githubApiUrl}/repositories/${repoId('octocat/new-name')}/commits?per_page=2`,
    );
    expect(obj(moved.json)).toMatchObject({ message: 'Moved Permanently', url: location });
    expect((await githubGet(emulator, location)).status).toBe(200);
  });

  it('422 for type combined with visibility, bad enums, unknown commits; 404 for unknown refs', async () => {
    expect((await githubGet(emulator, '/user/repos?type=all&affiliation=owner')).status).toBe(422);
    expect((await githubGet(emulator, '/user/repos?sort=stars')).status).toBe(422);
    expect((await githubGet(emulator, '/repos/octocat/shipdeck/pulls?state=merged')).status).toBe(
      422,
    );
    const missing = await githubGet(emulator, '/repos/octocat/shipdeck/commits/0123456789abcdef');
    expect(missing.status).toBe(422);
    expect(obj(missing.json).message).toBe('No commit found for SHA: 0123456789abcdef');
    expect(
      (await githubGet(emulator, '/repos/octocat/shipdeck/commits?sha=no-such-branch')).status,
    ).toBe(404);
  });

  it('pull request lists carry no merged key; mergeable is null on the first fetch of an open PR', async () => {
    const list = arr((await githubGet(emulator, '/repos/octocat/shipdeck/pulls?state=open')).json);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => !('merged' in obj(p)))).toBe(true);
    const number = String(obj(list[0]).number);
    const first = obj((await githubGet(emulator, `/repos/octocat/shipdeck/pulls/${number}`)).json);
    const second = obj((await githubGet(emulator, `/repos/octocat/shipdeck/pulls/${number}`)).json);
    expect(first.mergeable).toBeNull();
    expect(first.mergeable_state).toBe('unknown');
    expect(typeof second.mergeable).toBe('boolean');
  });

  it('400 for an unknown API version and 403 without a User-Agent', async () => {
    expect(
      (await githubGet(emulator, '/user', undefined, { 'x-github-api-version': '1999-01-01' }))
        .status,
    ).toBe(400);
    const noAgent = await fetch(`${emulator.githubApiUrl}/user`, { headers: { 'user-agent': '' } });
    expect(noAgent.status).toBe(403);
  });
});

describe('rate limits', () => {
  let limited: EmulatorHandle;

  beforeAll(async () => {
    limited = await startTestEmulator({
      rateLimits: { core: 3, search: 2, unauthenticatedCore: 2 },
    });
  });
  afterAll(() => limited.close());

  it('counts down per user, then answers 403 with remaining 0 until reset', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 3; i++)
      seen.push((await githubGet(limited, '/user')).headers.get('x-ratelimit-remaining') ?? '');
    expect(seen).toEqual(['2', '1', '0']);
    const over = await githubGet(limited, '/user');
    expect(over.status).toBe(403);
    expect(String(obj(over.json).message)).toMatch(/^API rate limit exceeded for user ID 583231/);
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(over.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    const other = await githubGet(limited, '/user', 'ghp_emu_hubot');
    expect(other.status).toBe(200);
    limited.resetRateLimits();
    expect((await githubGet(limited, '/user')).status).toBe(200);
  });

  it('search has its own bucket, and /rate_limit reports both without costing anything', async () => {
    limited.resetRateLimits();
    const search = await githubGet(limited, '/search/issues?q=is:pr');
    expect(search.headers.get('x-ratelimit-resource')).toBe('search');
    expect(search.headers.get('x-ratelimit-limit')).toBe('2');
    await githubGet(limited, '/search/issues?q=is:pr');
    expect((await githubGet(limited, '/search/issues?q=is:pr')).status).toBe(403);
    expect((await githubGet(limited, '/user')).status).toBe(200);
    const answer = await githubGet(limited, '/rate_limit');
    const overview = obj(answer.json);
    expect(obj(obj(overview.resources).search)).toMatchObject({ limit: 2, remaining: 0, used: 2 });
    expect(obj(obj(overview.resources).core)).toMatchObject({ limit: 3, used: 1 });
    // The headers report the core bucket as the body does, and asking did not count.
    const core = obj(obj(overview.resources).core);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('3');
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(answer.headers.get('x-ratelimit-used')).toBe('1');
    expect(answer.headers.get('x-ratelimit-reset')).toBe(String(core.reset));
    expect(answer.headers.get('x-ratelimit-resource')).toBe('core');
    const again = await githubGet(limited, '/rate_limit');
    expect(again.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('fault-injected exhaustion: 429 primary, and secondary limits with retry-after', async () => {
    limited.resetRateLimits();
    await admin(limited, 'POST', '/faults', {
      id: 'primary',
      area: 'github',
      path: '/api/v3/user',
      rateLimit: 'primary',
      rateLimitStatus: 429,
      times: 1,
    });
    const primary = await githubGet(limited, '/user');
    expect(primary.status).toBe(429);
    expect(primary.headers.get('x-ratelimit-remaining')).toBe('0');
    limited.resetRateLimits();
    await admin(limited, 'POST', '/faults', {
      id: 'secondary',
      area: 'github',
      rateLimit: 'secondary',
      times: 1,
    });
    const secondary = await githubGet(limited, '/user');
    expect(secondary.status).toBe(403);
    expect(secondary.headers.get('retry-after')).toBe('60');
    expect(String(obj(secondary.json).message)).toContain('secondary rate limit');
    expect((await githubGet(limited, '/user')).status).toBe(200);
  });

  it('can be turned off like GitHub Enterprise Server: /rate_limit is then 404', async () => {
    const ghes = await startTestEmulator({ rateLimits: false });
    try {
      const answer = await githubGet(ghes, '/rate_limit');
      expect(answer.status).toBe(404);
      expect(obj(answer.json).message).toBe('Rate limiting is not enabled.');
      expect((await githubGet(ghes, '/user')).headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await ghes.close();
    }
  });
});
