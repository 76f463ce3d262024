import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import { arr, githubGet, obj, startTestEmulator } from '../testing/test-emulator.js';
import { responseValidator, schemaErrors } from '../testing/test-openapi.js';

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

interface Item {
  sha: string;
  repository: { full_name: string; private: boolean };
  author: { login: string } | null;
  committer: { login: string } | null;
  commit: { message: string; author: { date: string }; committer: { date: string } };
}

async function search(
  query: string,
  token?: string | null,
): Promise<{ status: number; body: Record<string, unknown>; items: Item[]; link: string | null }> {
  const answer = await githubGet(emulator, `/search/commits?${query}`, token);
  const body = obj(answer.json);
  if (answer.status === 200) {
    expect(schemaErrors(responseValidator('/search/commits', 'get', 200), body), query).toEqual([]);
  }
  return {
    status: answer.status,
    body,
    items: answer.status === 200 ? (arr(body.items) as Item[]) : [],
    link: answer.headers.get('link'),
  };
}

/** A rich repository of octocat's with enough default-branch history to page through. */
function richRepo(): string {
  const octocat = emulator.world.account('octocat');
  const repo = [...emulator.world.repos.values()].find(
    (r) => r.ownerId === octocat?.id && r.richness === 'rich' && !r.empty && !r.private,
  );
  if (!repo) throw new Error('no rich repository');
  return emulator.world.fullName(repo);
}

describe('GET /search/commits', () => {
  it('answers in GitHub’s wire format, narrowed by repo:, newest first by default', async () => {
    const name = richRepo();
    const { body, items } = await search(`q=${encodeURIComponent(`repo:${name}`)}&per_page=100`);
    expect(body.incomplete_results).toBe(false);
    expect(body.total_count).toBeGreaterThan(0);
    expect(items.length).toBe(Math.min(Number(body.total_count), 100));
    for (const item of items) expect(item.repository.full_name).toBe(name);
    const dates = items.map((item) => Date.parse(item.commit.committer.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // Only the default branch is indexed: every hit is a commit the commits list knows.
    const listed = arr((await githubGet(emulator, `/repos/${name}/commits?per_page=100`)).json).map(
      (commit) => obj(commit).sha,
    );
    for (const item of items.slice(0, 20)) expect(listed).toContain(item.sha);
  });

  it('filters by author: and committer-date:, and matches message text', async () => {
    const name = richRepo();
    const all = await search(`q=${encodeURIComponent(`repo:${name}`)}&per_page=100`);
    const author = all.items.find((item) => item.author !== null)?.author?.login ?? '';
    expect(author).not.toBe('');
    const byAuthor = await search(
      `q=${encodeURIComponent(`repo:${name} author:${author}`)}&per_page=100`,
    );
    expect(byAuthor.items.length).toBeGreaterThan(0);
    expect(byAuthor.items.every((item) => item.author?.login === author)).toBe(true);
    expect(byAuthor.body.total_count).toBe(
      all.items.filter((item) => item.author?.login === author).length,
    );

    const middle = all.items[Math.floor(all.items.length / 2)];
    const day = middle?.commit.committer.date.slice(0, 10) ?? '';
    const since = await search(
      `q=${encodeURIComponent(`repo:${name} committer-date:>=${day}`)}&per_page=100`,
    );
    expect(since.items.length).toBeGreaterThan(0);
    for (const item of since.items)
      expect(item.commit.committer.date.slice(0, 10) >= day).toBe(true);
    expect(since.items.length).toBeLessThan(all.items.length + 1);

    const word = (all.items[0]?.commit.message.split(/\s+/)[0] ?? '').replace(/["]/g, '');
    const text = await search(`q=${encodeURIComponent(`repo:${name} ${word}`)}&per_page=100`);
    expect(text.items.length).toBeGreaterThan(0);
    for (const item of text.items)
      expect(item.commit.message.toLowerCase()).toContain(word.toLowerCase());
  });

  it('sorts by author-date ascending, and pages with Link headers', async () => {
    const name = richRepo();
    const q = encodeURIComponent(`repo:${name}`);
    const ascending = await search(`q=${q}&sort=author-date&order=asc&per_page=100`);
    const authored = ascending.items.map((item) => Date.parse(item.commit.author.date));
    expect(authored).toEqual([...authored].sort((a, b) => a - b));

    const first = await search(`q=${q}&per_page=2`);
    expect(first.link).toMatch(/[?&]page=2[^>]*>; rel="next"/);
    expect(first.link).toContain('rel="last"');
    expect(first.link).toContain('/search/commits?');
    const second = await search(`q=${q}&per_page=2&page=2`);
    expect(second.link).toContain('rel="prev"');
    expect(second.items.map((item) => item.sha)).not.toContain(first.items[0]?.sha);
  });

  it('hides private repositories from others, refuses bad input, and spends the search bucket', async () => {
    const octocat = emulator.world.account('octocat');
    const secret = [...emulator.world.repos.values()].find(
      (r) => r.ownerId === octocat?.id && r.private && !r.empty,
    );
    expect(secret).toBeDefined();
    const secretName = secret ? emulator.world.fullName(secret) : '';
    const mine = await search(`q=${encodeURIComponent(`repo:${secretName}`)}`);
    expect(mine.status).toBe(200);
    const theirs = await search(`q=${encodeURIComponent(`repo:${secretName}`)}`, 'ghp_emu_hubot');
    expect(theirs.status).toBe(422);
    const everything = await search(
      `q=${encodeURIComponent('is:private')}&per_page=100`,
      'ghp_emu_hubot',
    );
    expect(everything.items.map((item) => item.repository.full_name)).not.toContain(secretName);

    expect((await search('q=')).status).toBe(422);
    expect((await search('q=fix&sort=stars')).status).toBe(422);

    const answer = await githubGet(emulator, '/search/commits?q=fix');
    expect(answer.headers.get('x-ratelimit-resource')).toBe('search');
  });
});
