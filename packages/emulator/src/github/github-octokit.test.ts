import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import { startTestEmulator } from '../testing/test-emulator.js';

// The unmodified @octokit/rest client against the running emulator, for each endpoint.

let emulator: EmulatorHandle;
let octokit: Octokit;

beforeAll(async () => {
  emulator = await startTestEmulator();
  octokit = new Octokit({
    auth: emulator.demo.githubToken,
    baseUrl: emulator.githubApiUrl,
    userAgent: 'shipdeck-tests',
  });
});
afterAll(() => emulator.close());

function shipdeckPulls(): number {
  const found = emulator.world.lookupRepo('octocat', 'shipdeck');
  if (!found || !('repo' in found)) throw new Error('shipdeck missing');
  return emulator.world.history(found.repo.id).data.pulls.length;
}

function status(error: unknown): number | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof error.status === 'number'
    ? error.status
    : undefined;
}

describe('@octokit/rest against the emulator', () => {
  it('users: authenticated user and emails', async () => {
    const { data: user, headers } = await octokit.rest.users.getAuthenticated();
    expect(user.login).toBe('octocat');
    expect(headers['x-oauth-scopes']).toContain('repo');
    const { data: emails } = await octokit.rest.users.listEmailsForAuthenticatedUser();
    expect(emails.some((e) => e.primary)).toBe(true);
  });

  it('paginates every repository of the user through the Link header', async () => {
    const all = await octokit.paginate(octokit.rest.repos.listForAuthenticatedUser, {
      per_page: 7,
    });
    const expected = [...emulator.world.repos.values()].filter((r) => {
      const demo = emulator.world.account('octocat');
      const owner = emulator.world.ownerOf(r);
      return (
        r.ownerId === demo?.id ||
        r.collaboratorIds.includes(demo?.id ?? -1) ||
        owner.memberIds.includes(demo?.id ?? -1)
      );
    });
    expect(all.length).toBe(expected.length);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const names = all.map((r) => r.full_name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('repository, languages, branches and commits (paginated), one commit', async () => {
    const { data: repo } = await octokit.rest.repos.get({ owner: 'octocat', repo: 'shipdeck' });
    expect(repo.default_branch).toBeTruthy();
    const { data: languages } = await octokit.rest.repos.listLanguages({
      owner: 'octocat',
      repo: 'shipdeck',
    });
    expect(Object.keys(languages)).toContain('TypeScript');
    const branches = await octokit.paginate(octokit.rest.repos.listBranches, {
      owner: 'octocat',
      repo: 'shipdeck',
      per_page: 2,
    });
    expect(branches.map((b) => b.name)).toContain(repo.default_branch);
    const commits = await octokit.paginate(octokit.rest.repos.listCommits, {
      owner: 'octocat',
      repo: 'shipdeck',
      per_page: 10,
    });
    const history = emulator.world.history(repo.id);
    const tip = history.resolveRef(repo.default_branch);
    expect(commits.length).toBe(tip ? history.reachableFrom(tip).length : -1);
    const first = commits[commits.length - 1];
    const { data: commit } = await octokit.rest.repos.getCommit({
      owner: 'octocat',
      repo: 'shipdeck',
      ref: first?.sha ?? '',
    });
    expect(commit.files?.length).toBe(300);
    expect(commit.stats?.total).toBeGreaterThan(0);
  });

  it('pull requests, one pull request and its reviews', async () => {
    const pulls = await octokit.paginate(octokit.rest.pulls.list, {
      owner: 'octocat',
      repo: 'shipdeck',
      state: 'all',
      per_page: 3,
    });
    expect(pulls.length).toBe(shipdeckPulls());
    const open = pulls.find((p) => p.state === 'open') ?? pulls[0];
    const { data: pull } = await octokit.rest.pulls.get({
      owner: 'octocat',
      repo: 'shipdeck',
      pull_number: open?.number ?? 1,
    });
    expect(typeof pull.merged).toBe('boolean');
    const { data: reviews } = await octokit.rest.pulls.listReviews({
      owner: 'octocat',
      repo: 'shipdeck',
      pull_number: pull.number,
    });
    expect(Array.isArray(reviews)).toBe(true);
  });

  it('checks, combined status, deployments and deployment statuses', async () => {
    const { data: repo } = await octokit.rest.repos.get({ owner: 'octocat', repo: 'shipdeck' });
    const { data: runs } = await octokit.rest.checks.listForRef({
      owner: 'octocat',
      repo: 'shipdeck',
      ref: repo.default_branch,
    });
    expect(runs.total_count).toBe(runs.check_runs.length);
    const { data: combined } = await octokit.rest.repos.getCombinedStatusForRef({
      owner: 'octocat',
      repo: 'shipdeck',
      ref: repo.default_branch,
    });
    expect(['success', 'failure', 'pending']).toContain(combined.state);
    const deployments = await octokit.paginate(octokit.rest.repos.listDeployments, {
      owner: 'octocat',
      repo: 'shipdeck',
      per_page: 5,
    });
    expect(deployments.length).toBeGreaterThan(0);
    const { data: statuses } = await octokit.rest.repos.listDeploymentStatuses({
      owner: 'octocat',
      repo: 'shipdeck',
      deployment_id: deployments[0]?.id ?? 0,
    });
    expect(statuses.length).toBeGreaterThan(0);
  });

  it('search across repositories (paginated) and the rate limit endpoint', async () => {
    const { data: first } = await octokit.rest.search.issuesAndPullRequests({
      q: 'is:pr author:@me',
      per_page: 5,
    });
    expect(first.total_count).toBeGreaterThan(5);
    const items = await octokit.paginate(octokit.rest.search.issuesAndPullRequests, {
      q: 'is:pr repo:octocat/shipdeck',
      per_page: 4,
    });
    expect(items.length).toBe(shipdeckPulls());
    const { data: limits } = await octokit.rest.rateLimit.get();
    expect(limits.resources.search.limit).toBe(30);
  });

  it('a 304 round trip with If-None-Match costs no rate limit', async () => {
    const first = await octokit.rest.repos.get({ owner: 'octocat', repo: 'shipdeck' });
    const etag = first.headers.etag ?? '';
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    const error: unknown = await octokit.rest.repos
      .get({ owner: 'octocat', repo: 'shipdeck', headers: { 'if-none-match': etag } })
      .catch((e: unknown) => e);
    expect(status(error)).toBe(304);
    const again = await octokit.rest.repos.get({ owner: 'octocat', repo: 'shipdeck' });
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(remaining - 1);
  });

  it('notifications: paginate, a 304 with If-Modified-Since, read, done, mark all, mute', async () => {
    const threads = await octokit.paginate(
      octokit.rest.activity.listNotificationsForAuthenticatedUser,
      { all: true, per_page: 50 },
    );
    expect(threads.length).toBeGreaterThan(100);
    const first = await octokit.rest.activity.listNotificationsForAuthenticatedUser();
    expect(first.headers['x-poll-interval']).toBe('60');
    const error: unknown = await octokit.rest.activity
      .listNotificationsForAuthenticatedUser({
        headers: { 'if-modified-since': first.headers['last-modified'] ?? '' },
      })
      .catch((e: unknown) => e);
    expect(status(error)).toBe(304);

    const [one, two] = first.data;
    if (!one || !two) throw new Error('not enough unread threads');
    const read = await octokit.rest.activity.markThreadAsRead({ thread_id: Number(one.id) });
    expect(read.status).toBe(205);
    const thread = await octokit.rest.activity.getThread({ thread_id: Number(one.id) });
    expect(thread.data.unread).toBe(false);
    const done = await octokit.rest.activity.markThreadAsDone({ thread_id: Number(two.id) });
    expect(done.status).toBe(204);
    const muted = await octokit.rest.activity.setThreadSubscription({
      thread_id: Number(one.id),
      ignored: true,
    });
    expect(muted.data.ignored).toBe(true);
    const repoThreads = await octokit.rest.activity.listRepoNotificationsForAuthenticatedUser({
      owner: one.repository.owner.login,
      repo: one.repository.name,
      all: true,
    });
    expect(repoThreads.data.some((t) => t.id === one.id)).toBe(true);
    const all = await octokit.rest.activity.markNotificationsAsRead({
      last_read_at: new Date().toISOString(),
    });
    expect([202, 205]).toContain(all.status);
    const left = await octokit.rest.activity.listNotificationsForAuthenticatedUser();
    expect(left.data).toEqual([]);
  });

  it('follows the 301 of a renamed repository and reports 404 for hidden ones', async () => {
    const { data: moved } = await octokit.rest.repos.get({ owner: 'octocat', repo: 'old-name' });
    expect(moved.name).toBe('new-name');
    const publicOnly = new Octokit({
      auth: 'ghp_emu_octocat_public',
      baseUrl: emulator.githubApiUrl,
    });
    const error: unknown = await publicOnly.rest.repos
      .get({ owner: 'octocat', repo: 'secret-plans' })
      .catch((e: unknown) => e);
    expect(status(error)).toBe(404);
  });
});
