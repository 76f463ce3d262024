import { Octokit } from '@octokit/rest';
import type { ShipPullRequest } from '@shipdeck/shared/insights';
import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { deriveChecksState, deriveReviewState } from '../ship-status.js';

// The REST reads, as where GraphQL is unavailable (it answers 404 here); graphql-ship-state
// covers the GraphQL pass.
const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2, graphql: false });

describe.each(testDialects)('ship status stored by the GitHub sync on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  afterEach(() => emulator.handle.faults.clear());

  // Runs first: the store is still empty, so no earlier sync left ship states behind.
  it('a pull request whose reviews GitHub fails to list does not fail the sync', async () => {
    emulator.handle.faults.add({
      area: 'github',
      pathPattern: '/pulls/[0-9]+/reviews$',
      errorRate: 1,
      errorStatus: 502,
    });
    const token = await signInWithGithub(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/github/pull-requests?filter=open&perPage=100',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const result = shipPullsResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(result.sync.lastError).toBeNull();
    expect(result.syncedAt).not.toBeNull();
    expect(result.pullRequests.length).toBeGreaterThan(0);
    expect(result.pullRequests.some((pull) => 'review' in pull)).toBe(false);
  });

  it('serves review and checks that agree with GitHub for an open pull request', async () => {
    const token = await signInWithGithub(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/github/pull-requests?filter=open&perPage=100',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const result = shipPullsResultSchema.parse(response.json<{ data: unknown }>().data);
    const withShip = result.pullRequests.filter(
      (pull): pull is ShipPullRequest => 'review' in pull,
    );
    // Without GraphQL the REST reads still cover every open pull request (issue 27).
    expect(withShip.length).toBeGreaterThan(30);
    expect(withShip.length).toBe(result.pullRequests.length);

    // Prefer a pull request GitHub reports checks for, so both states are exercised.
    const github = new Octokit({ auth: 'ghp_emu_octocat', baseUrl: emulator.handle.githubApiUrl });
    const chosen = withShip.find((pull) => pull.checks !== 'none') ?? withShip[0];
    if (!chosen) throw new Error('no pull request with ship status');
    const [owner = '', repo = ''] = chosen.repository.split('/');
    const { data: pull } = await github.rest.pulls.get({ owner, repo, pull_number: chosen.number });
    const reviews = await github.paginate(github.rest.pulls.listReviews, {
      owner,
      repo,
      pull_number: chosen.number,
      per_page: 100,
    });
    const runs = await github.paginate(github.rest.checks.listForRef, {
      owner,
      repo,
      ref: pull.head.sha,
      per_page: 100,
    });
    const { data: combined } = await github.rest.repos.getCombinedStatusForRef({
      owner,
      repo,
      ref: pull.head.sha,
    });
    const requested = (pull.requested_reviewers ?? []).map((user) => user.login);

    expect(chosen.review).toBe(deriveReviewState(reviews, requested));
    expect(chosen.checks).toBe(deriveChecksState(runs, combined));
    expect(chosen.stage).toBe(
      chosen.review !== 'approved'
        ? 'review'
        : chosen.checks === 'failing' || chosen.checks === 'pending'
          ? 'checks'
          : 'preview',
    );
    expect(chosen.preview.state).toMatch(/^(none|building|ready|failed)$/);
  });

  it('the repository page serves the same ship status for its pull requests, synced or read from GitHub', async () => {
    const token = await signInWithGithub(t.app);
    const across = shipPullsResultSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/github/pull-requests?filter=open&perPage=100',
          headers: bearer(token),
        })
      ).json<{ data: unknown }>().data,
    );
    const withShip = across.pullRequests.filter(
      (pull): pull is ShipPullRequest => 'review' in pull,
    );
    const repositories = [...new Set(withShip.map((pull) => pull.repository))];
    expect(repositories.length).toBeGreaterThan(1);

    const served = { fromStore: 0, fromGithub: 0 };
    for (const repository of repositories) {
      emulator.handle.requestLog.clear();
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/github/repos/${repository}/pulls?state=all&perPage=100`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const asked = emulator.handle.requestLog
        .list({ area: 'github' })
        .some((entry) => entry.url.includes(`/repos/${repository}/pulls`));
      served[asked ? 'fromGithub' : 'fromStore'] += 1;
      const result = shipPullsResultSchema.parse(response.json<{ data: unknown }>().data);
      for (const chosen of withShip.filter((pull) => pull.repository === repository)) {
        expect(result.pullRequests.find((pull) => pull.number === chosen.number)).toMatchObject({
          review: chosen.review,
          checks: chosen.checks,
          preview: chosen.preview,
          stage: chosen.stage,
        });
      }
    }
    expect(served.fromStore).toBeGreaterThan(0);
    expect(served.fromGithub).toBeGreaterThan(0);
  });
});
