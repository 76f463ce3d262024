import type { SearchResult } from '@shipdeck/shared/search';
import { SEARCH_QUERY_MAX, searchMessages, searchResponseSchema } from '@shipdeck/shared/search';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.js';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { storePullRequest, storeRepository } from '../../github-store/__tests__/store-fixtures.js';

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

async function storeProject(db: Db, userId: string, id: string, name: string): Promise<void> {
  await db
    .insertInto('vercel_projects')
    .values({
      user_id: userId,
      id,
      name,
      framework: 'nextjs',
      link_type: 'github',
      link_org: 'octo',
      link_repo: name,
      link_repo_id: null,
      link_production_branch: 'main',
      production_deployment_id: null,
      created_at: at(600),
      updated_at: at(5),
      synced_at: at(0),
    })
    .execute();
}

async function storeDeployment(
  db: Db,
  userId: string,
  deployment: { id: string; projectId: string; name: string; branch: string; sha: string },
): Promise<void> {
  await db
    .insertInto('vercel_deployments')
    .values({
      user_id: userId,
      id: deployment.id,
      project_id: deployment.projectId,
      name: deployment.name,
      url: `${deployment.id}.vercel.app`,
      inspector_url: null,
      state: 'READY',
      target: deployment.branch === 'main' ? 'production' : 'preview',
      branch: deployment.branch,
      commit_sha: deployment.sha,
      commit_message: `Deploy ${deployment.branch}\n\nbody`,
      commit_author_name: null,
      commit_author_login: null,
      commit_org: 'octo',
      commit_repo: deployment.name,
      commit_repo_id: null,
      pr_id: null,
      error_code: null,
      error_message: null,
      created_at: at(10),
      building_at: null,
      ready_at: at(9),
      updated_at: at(9),
      build_log: null,
      build_log_fetched_at: null,
      synced_at: at(0),
    })
    .execute();
}

describe.each(testDialects)('GET /api/search on %s', (dialect) => {
  const t = useTestApp(dialect);
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };

  beforeAll(async () => {
    alice = await signUpAndLogIn(t.app);
    bob = await signUpAndLogIn(t.app);
    const db = t.app.db;
    await storeRepository(db, alice.userId, { id: 710_001, owner: 'octo', name: 'storefront' });
    await storeRepository(db, alice.userId, { id: 710_002, owner: 'octo', name: 'mystore' });
    await storeRepository(db, alice.userId, { id: 710_003, owner: 'octo', name: 'pct_100%' });
    await storeRepository(db, alice.userId, { id: 710_004, owner: 'octo', name: 'pctx1000' });
    await storeRepository(db, alice.userId, { id: 710_005, owner: 'octo', name: 'under_score' });
    await storeRepository(db, alice.userId, { id: 710_006, owner: 'octo', name: 'underXscore' });
    // Pushed before octo/rapid: only the word's start ranks it first for `api`.
    await storeRepository(db, alice.userId, { id: 710_008, owner: 'octo', name: 'lazy-api' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await storeRepository(db, alice.userId, { id: 710_007, owner: 'octo', name: 'rapid' });
    // Bob's own repository, which Alice never sees, and one both see.
    await storeRepository(db, bob.userId, { id: 720_001, owner: 'bobco', name: 'secret-store' });
    await storeRepository(db, bob.userId, { id: 710_001, owner: 'octo', name: 'storefront' });

    await storePullRequest(db, {
      id: 810_001,
      repository_id: 710_001,
      number: 42,
      author_login: 'alice',
      title: 'Checkout flow rewrite',
      html_url: 'https://github.com/octo/storefront/pull/42',
      updated_at: at(3),
    });
    await storePullRequest(db, {
      id: 810_002,
      repository_id: 710_002,
      number: 7,
      author_login: 'alice',
      title: 'Fix #42 in the cart',
      html_url: 'https://github.com/octo/mystore/pull/7',
      state: 'closed',
      merged_at: at(60),
      closed_at: at(60),
      updated_at: at(60),
    });
    await storePullRequest(db, {
      id: 820_001,
      repository_id: 720_001,
      number: 42,
      author_login: 'bob',
      title: 'Bob only checkout',
      html_url: 'https://github.com/bobco/secret-store/pull/42',
    });

    await storeProject(db, alice.userId, 'prj_alice', 'storefront-web');
    await storeDeployment(db, alice.userId, {
      id: 'dpl_alice1',
      projectId: 'prj_alice',
      name: 'storefront-web',
      branch: 'feature/payments',
      sha: '3f9a2c7e1b2d4f6a8c0e1f2a3b4c5d6e7f8a9b0c',
    });
    await storeProject(db, bob.userId, 'prj_bob', 'bob-store-web');
    await storeDeployment(db, bob.userId, {
      id: 'dpl_bob1',
      projectId: 'prj_bob',
      name: 'bob-store-web',
      branch: 'feature/payments-bob',
      sha: '3f9a2c7e00000000000000000000000000000000',
    });
  });

  async function search(token: string, q: string, extra = ''): Promise<SearchResult[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}${extra}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf(response, searchResponseSchema).results;
  }
  const titles = (results: SearchResult[]) => results.map((r) => `${r.kind}:${r.title}`);

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search?q=store' });
    expect(response.statusCode).toBe(401);
  });

  it('finds repositories, prefix matches before matches inside the name, case-insensitively', async () => {
    const results = await search(alice.token, 'STORE');
    const repositories = results.filter((r) => r.kind === 'repository');
    expect(repositories.map((r) => r.title)).toEqual(['octo/storefront', 'octo/mystore']);
    expect(repositories[0]).toMatchObject({ id: '710001', href: '/repo/octo/storefront' });
    // The Vercel project starting with the text ranks with the prefix matches, above mystore.
    expect(titles(results).indexOf('vercel-project:storefront-web')).toBeLessThan(
      titles(results).indexOf('repository:octo/mystore'),
    );
  });

  it('ranks a match at the start of a word above one inside a word', async () => {
    expect(titles(await search(alice.token, 'API'))).toEqual([
      'repository:octo/lazy-api',
      'repository:octo/rapid',
    ]);
  });

  it('finds pull requests by title, by #number and by the number alone, linking to GitHub', async () => {
    const byTitle = await search(alice.token, 'checkout');
    expect(byTitle.filter((r) => r.kind === 'pull-request')).toEqual([
      {
        kind: 'pull-request',
        id: '810001',
        title: 'Checkout flow rewrite',
        subtitle: 'octo/storefront #42 · open',
        href: 'https://github.com/octo/storefront/pull/42',
      },
    ]);
    for (const q of ['#42', '42']) {
      const byNumber = (await search(alice.token, q)).filter((r) => r.kind === 'pull-request');
      // The pull request numbered 42 first, then the one whose title mentions #42.
      expect(byNumber.map((r) => r.id)).toEqual(['810001', '810002']);
      expect(byNumber[1]?.subtitle).toBe('octo/mystore #7 · merged');
    }
  });

  it('finds Vercel projects and deployments by name, branch and SHA prefix', async () => {
    const byName = await search(alice.token, 'storefront-web');
    expect(byName[0]).toEqual({
      kind: 'vercel-project',
      id: 'prj_alice',
      title: 'storefront-web',
      subtitle: 'Vercel project · nextjs · octo/storefront-web',
      href: '/deployments?q=storefront-web',
    });
    const byBranch = await search(alice.token, 'payments');
    expect(byBranch).toEqual([
      {
        kind: 'deployment',
        id: 'dpl_alice1',
        title: 'storefront-web · feature/payments',
        subtitle: 'Preview · ready · 3f9a2c7 · Deploy feature/payments',
        href: '/deployments/dpl_alice1',
      },
    ]);
    const bySha = await search(alice.token, '3F9A2C7');
    expect(bySha.map((r) => r.id)).toEqual(['dpl_alice1']);
    // Fewer than four hexadecimal digits is no SHA prefix.
    expect((await search(alice.token, '3f9')).map((r) => r.id)).toEqual([]);
  });

  it('never shows one user what only another user can see', async () => {
    for (const q of ['store', 'secret', 'checkout', '42', 'bob', 'payments', '3f9a2c7e']) {
      const results = await search(alice.token, q);
      for (const result of results) {
        expect(JSON.stringify(result)).not.toMatch(/bob|secret|prj_bob|dpl_bob|820001|720001/i);
      }
    }
    const bobsView = await search(bob.token, 'store');
    expect(titles(bobsView)).toEqual([
      'repository:octo/storefront',
      'repository:bobco/secret-store',
      'vercel-project:bob-store-web',
      'deployment:bob-store-web · feature/payments-bob',
    ]);
    expect(titles(await search(bob.token, 'mystore'))).toEqual([]);
    expect(titles(await search(bob.token, 'Checkout flow'))).toEqual([
      'pull-request:Checkout flow rewrite',
    ]);
  });

  it('matches %, _ and \\ as themselves, not as wildcards', async () => {
    expect(titles(await search(alice.token, '100%'))).toEqual(['repository:octo/pct_100%']);
    expect(titles(await search(alice.token, 'under_'))).toEqual(['repository:octo/under_score']);
    expect(titles(await search(alice.token, '0%'))).toEqual(['repository:octo/pct_100%']);
    // Alone, a `%` would match everything as a wildcard: no name starts with it.
    expect(titles(await search(alice.token, '%'))).toEqual([]);
    expect(titles(await search(alice.token, 'x\\'))).toEqual([]);
  });

  it('matches one character only at the start of a name, owner or title', async () => {
    const results = await search(alice.token, 'S');
    expect(titles(results)).toEqual([
      'repository:octo/storefront',
      'vercel-project:storefront-web',
      'deployment:storefront-web · feature/payments',
    ]);
    expect(titles(await search(alice.token, 'f')).filter((t) => t.startsWith('pull'))).toEqual([
      'pull-request:Fix #42 in the cart',
    ]);
  });

  it('answers at most `limit` results, each kind that matched getting its share', async () => {
    expect(await search(alice.token, 'o', '&limit=2')).toHaveLength(2);
    // Ranked alone, octo/mystore (inside a word) would come before the deployment (its project's
    // name only): three kinds matched, one place each.
    const shared = await search(alice.token, 'st', '&limit=3');
    expect(titles(shared)).toEqual([
      'repository:octo/storefront',
      'vercel-project:storefront-web',
      'deployment:storefront-web · feature/payments',
    ]);
    expect((await search(alice.token, 'o')).length).toBeGreaterThan(2);
  });

  it('refuses an empty, blank, missing or oversized text with a 400 naming the field', async () => {
    for (const url of [
      '/api/search?q=',
      '/api/search?q=%20%20',
      '/api/search',
      `/api/search?q=${'a'.repeat(SEARCH_QUERY_MAX + 1)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(alice.token) });
      expect(response.statusCode, url).toBe(400);
      const body = response.json<{ code: string; errors: { field: string; message: string }[] }>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors[0]?.field).toBe('query.q');
      expect([searchMessages.queryRequired, searchMessages.queryTooLong]).toContain(
        body.errors[0]?.message,
      );
    }
    // The longest text allowed is searched (after trimming).
    await search(alice.token, ` ${'a'.repeat(SEARCH_QUERY_MAX)} `);
  });
});
