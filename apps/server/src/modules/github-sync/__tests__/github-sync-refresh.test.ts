import type { Pull, Repo } from '@shipdeck/emulator/data/model';
import { pullsResultSchema } from '@shipdeck/shared/github';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { syncGithubAccount } from '../sync-github-account.js';

// Enough repositories that octocat's listing takes more than one page of 100.
const emulator = useEmulator({ repos: 130, richRepos: 4, projects: 1 });

describe.each(testDialects)('GitHub refreshes on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  afterEach(async () => {
    emulator.handle.faults.clear();
    emulator.handle.resetRateLimits();
    // The emulator's windows start again; so do the ones Shipdeck keeps of them.
    await t.database.db.deleteFrom('github_rate_windows').execute();
  });

  const userIdOf = (login: string) => userIdOfGithubLogin(t.database.db, login);

  const world = () => emulator.handle.world;
  const accountId = (login: string): number => {
    const account = world().account(login);
    if (!account) throw new Error(`no account ${login}`);
    return account.id;
  };

  /** GitHub moves `updated_at` on every assignment or review request change. */
  function edit(pull: Pull, change: (pull: Pull) => void): void {
    change(pull);
    pull.updatedAt = new Date().toISOString();
    world().touch();
  }

  async function involvedNumbers(token: string, repo: Repo): Promise<number[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/github/pull-requests?perPage=100&q=${encodeURIComponent(world().fullName(repo))}`,
      headers: bearer(token),
    });
    const data = pullsResultSchema.parse(response.json<{ data: unknown }>().data);
    return data.pullRequests
      .filter((pull) => pull.repository === world().fullName(repo))
      .map((pull) => pull.number);
  }

  function involves(repo: Repo, pull: Pull, id: number): boolean {
    return (
      pull.userId === id ||
      pull.assigneeIds.includes(id) ||
      pull.requestedReviewerIds.includes(id) ||
      world()
        .history(repo.id)
        .data.reviews.some((review) => review.pullNumber === pull.number && review.userId === id)
    );
  }

  /** Repositories `login` sees as owner, collaborator or organisation member. */
  function listedFor(login: string): Repo[] {
    const id = accountId(login);
    return [...world().repos.values()].filter((repo) => {
      const owner = world().ownerOf(repo);
      return (
        repo.ownerId === id ||
        repo.collaboratorIds.includes(id) ||
        (owner.type === 'Organization' && owner.memberIds.includes(id))
      );
    });
  }

  /** `count` pull requests of one repository `login` sees, none involving them in any way. */
  function uninvolvedPulls(login: string, count: number): { repo: Repo; pulls: Pull[] } {
    const id = accountId(login);
    for (const repo of listedFor(login)) {
      const pulls = world()
        .history(repo.id)
        .data.pulls.filter((pull) => !involves(repo, pull, id));
      if (pulls.length >= count) return { repo, pulls: pulls.slice(0, count) };
    }
    throw new Error(`no repository with ${count} pull requests free of ${login}`);
  }

  it('reads the later repository pages again only when page 1 changed', async () => {
    emulator.handle.requestLog.clear();
    await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    const repoPages = () =>
      emulator.handle.requestLog
        .list({ area: 'github' })
        .filter((entry) => entry.url.includes('/user/repos'));
    const initial = repoPages();
    expect(initial.length).toBeGreaterThan(1);

    emulator.handle.requestLog.clear();
    await syncGithubAccount(t.app, { userId, reason: 'refresh' });
    const quiet = repoPages();
    expect(quiet).toHaveLength(1);
    expect(quiet[0]?.url).toMatch(/[?&]page=1(&|$)/);
    expect(quiet[0]?.notModified).toBe(true);

    await emulator.handle.triggerActivity({
      kind: 'push',
      repo: 'octocat/hello-world',
      waitForDeployment: false,
    });
    emulator.handle.requestLog.clear();
    await syncGithubAccount(t.app, { userId, reason: 'refresh' });
    // Page 1 changed: every page is asked again, each on its own ETag, so the pages the push
    // left as they were cost a 304 each.
    const changed = repoPages();
    expect(changed.length).toBe(initial.length);
    expect(changed[0]?.notModified).toBe(false);
    expect(changed.every((entry) => entry.url.includes('page='))).toBe(true);
  }, 60_000);

  it('drops involvement that ended (unassigned, review no longer requested) on the next full refresh', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    const me = accountId('octocat');
    const {
      repo,
      pulls: [assigned, asked],
    } = uninvolvedPulls('octocat', 2);
    if (!assigned || !asked) throw new Error('two pull requests expected');
    edit(assigned, (pull) => pull.assigneeIds.push(me));
    edit(asked, (pull) => pull.requestedReviewerIds.push(me));

    await syncGithubAccount(t.app, { userId, reason: 'full' });
    expect(await involvedNumbers(token, repo)).toEqual(
      expect.arrayContaining([assigned.number, asked.number]),
    );
    const requested = await t.database.db
      .selectFrom('github_pull_request_involvement')
      .select('is_review_requested')
      .where('user_id', '=', userId)
      .where('pull_request_id', '=', asked.id)
      .executeTakeFirstOrThrow();
    expect(requested.is_review_requested).toBe(1);

    edit(assigned, (pull) => {
      pull.assigneeIds = pull.assigneeIds.filter((id) => id !== me);
    });
    edit(asked, (pull) => {
      pull.requestedReviewerIds = pull.requestedReviewerIds.filter((id) => id !== me);
    });
    await syncGithubAccount(t.app, { userId, reason: 'full' });
    const after = await involvedNumbers(token, repo);
    expect(after).not.toContain(assigned.number);
    expect(after).not.toContain(asked.number);
    // The pull requests themselves stay: the repository's own list still shows them.
    const stored = await t.database.db
      .selectFrom('github_pull_requests')
      .select('id')
      .where('id', 'in', [assigned.id, asked.id])
      .execute();
    expect(stored).toHaveLength(2);
  }, 60_000);

  it('a periodic refresh becomes a full one once the last is an hour old', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    const me = accountId('octocat');
    const {
      repo,
      pulls: [assigned],
    } = uninvolvedPulls('octocat', 1);
    if (!assigned) throw new Error('a pull request expected');
    edit(assigned, (pull) => pull.assigneeIds.push(me));
    await syncGithubAccount(t.app, { userId, reason: 'refresh' });
    expect(await involvedNumbers(token, repo)).toContain(assigned.number);

    edit(assigned, (pull) => {
      pull.assigneeIds = pull.assigneeIds.filter((id) => id !== me);
    });
    // A quick refresh cannot tell an ended involvement from an unchanged one.
    await syncGithubAccount(t.app, { userId, reason: 'refresh' });
    expect(await involvedNumbers(token, repo)).toContain(assigned.number);

    await t.database.db
      .updateTable('sync_state')
      .set({ last_success_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('user_id', '=', userId)
      .where('resource', '=', 'full-refresh')
      .execute();
    await syncGithubAccount(t.app, { userId, reason: 'refresh' });
    expect(await involvedNumbers(token, repo)).not.toContain(assigned.number);
  }, 60_000);

  it('drops the pull requests of a repository the user lost access to', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    const me = accountId('octocat');
    const listed = new Set(listedFor('octocat'));
    // Another person's repository, outside any organisation: only a collaborator seat reaches it.
    const repo = [...world().repos.values()].find(
      (candidate) =>
        !listed.has(candidate) &&
        world().ownerOf(candidate).type === 'User' &&
        world()
          .history(candidate.id)
          .data.pulls.some((pull) => !involves(candidate, pull, me)),
    );
    if (!repo) throw new Error('no repository of another user with pull requests');
    const assigned = world()
      .history(repo.id)
      .data.pulls.find((pull) => !involves(repo, pull, me));
    if (!assigned) throw new Error('a pull request expected');
    repo.collaboratorIds.push(me);
    edit(assigned, (pull) => pull.assigneeIds.push(me));
    await syncGithubAccount(t.app, { userId, reason: 'full' });
    expect(await involvedNumbers(token, repo)).toContain(assigned.number);

    repo.collaboratorIds = repo.collaboratorIds.filter((id) => id !== me);
    world().touch();
    // Public or not, the repository is no longer one of octocat's: its pull requests go.
    await syncGithubAccount(t.app, { userId, reason: 'full' });
    expect(await involvedNumbers(token, repo)).toEqual([]);
    const rows = await t.database.db
      .selectFrom('github_pull_request_involvement')
      .select('pull_request_id')
      .where('user_id', '=', userId)
      .where('pull_request_id', '=', assigned.id)
      .execute();
    expect(rows).toEqual([]);
    edit(assigned, (pull) => {
      pull.assigneeIds = pull.assigneeIds.filter((id) => id !== me);
    });
  }, 90_000);
});
