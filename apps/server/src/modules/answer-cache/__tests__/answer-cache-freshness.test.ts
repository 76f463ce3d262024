import { pullsResultSchema, reposResultSchema, statsResultSchema } from '@shipdeck/shared/github';
import { describe, expect, it } from 'vitest';
import { bearer, newAccount, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import {
  deleteProviderToken,
  saveProviderToken,
} from '../../connections/provider-tokens.repository.js';
import { recordDailySnapshot } from '../../github-store/daily-snapshots.js';
import {
  clearReviewRequests,
  clearReviewRequestsExcept,
  deleteUserGithubData,
  dropUnconfirmedAccess,
  dropUnconfirmedInvolvement,
  saveCommits,
  saveInvolvement,
  savePullRequests,
  saveRepositoryPage,
} from '../../github-store/github-store.repository.js';
import { requestGithubSync } from '../../github-sync/request-github-sync.js';
import { saveShipState } from '../../ship-status/ship-state.repository.js';
import { ACCOUNT_RESOURCE } from '../../github-sync/sync-constants.js';
import { deleteVercelData } from '../../vercel-store/vercel-connections.repository.js';
import { replaceProjects, upsertDeployments } from '../../vercel-store/vercel-store.repository.js';
import { deleteSyncStates, updateSyncState } from '../../connections/sync-state.repository.js';

const emulator = useEmulator({ repos: 30, richRepos: 4, projects: 1 });

const REPOS_URL = '/api/github/repos?perPage=100&sort=name';
const PULLS_URL = '/api/github/pull-requests?perPage=100';

describe.each(testDialects)('cached synced answers stay fresh on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });
  const db = () => t.database.db;

  async function get(url: string, token: string) {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { status: response.statusCode, data: response.json<{ data: unknown }>().data };
  }
  const repos = async (token: string) => {
    const answer = await get(REPOS_URL, token);
    expect(answer.status).toBe(200);
    return reposResultSchema.parse(answer.data);
  };

  async function signedIn(login: string) {
    const token = await signInWithGithub(t.app, login);
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('github_login', '=', login)
      .executeTakeFirstOrThrow();
    const first = await repos(token);
    const repository = first.repositories[0];
    if (!repository) throw new Error('the emulated account has no repositories');
    return { token, userId: user.id, repositoryId: repository.id };
  }

  let edits = 0;
  /**
   * Changes a repository's description behind every writer's back (no version bump), checks that
   * the cached answer is what is served, runs `write`, and expects the change in the next answer:
   * the write bumped the user's store version.
   */
  async function expectFreshAfter(
    session: { token: string; repositoryId: number },
    write: () => Promise<unknown>,
  ) {
    const before = await repos(session.token);
    edits += 1;
    const description = `edited behind the cache ${edits}`;
    await db()
      .updateTable('github_repositories')
      .set({ description })
      .where('id', '=', session.repositoryId)
      .execute();
    const cached = await repos(session.token);
    expect(cached).toEqual(before);
    await write();
    const fresh = await repos(session.token);
    expect(fresh.repositories.find((r) => r.id === session.repositoryId)?.description).toBe(
      description,
    );
  }

  it('serves a new answer after every kind of store write, never the cached one', async () => {
    const session = await signedIn('octocat');
    const { userId, repositoryId } = session;
    const pull = await db()
      .selectFrom('github_pull_requests')
      .innerJoin(
        'github_pull_request_involvement',
        'github_pull_request_involvement.pull_request_id',
        'github_pull_requests.id',
      )
      .selectAll('github_pull_requests')
      .where('github_pull_request_involvement.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const commit = await db()
      .selectFrom('github_commits')
      .innerJoin(
        'github_repository_access',
        'github_repository_access.repository_id',
        'github_commits.repository_id',
      )
      .selectAll('github_commits')
      .where('github_repository_access.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const token = await db()
      .selectFrom('provider_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('provider', '=', 'github')
      .executeTakeFirstOrThrow();
    const { userId: otherId } = await signUpAndLogIn(t.app, newAccount('sharer'));
    const now = () => new Date().toISOString();
    const pullRow = { ...pull, id: Number(pull.id), repository_id: Number(pull.repository_id) };

    // Another user's sync writes the shared repository row this user sees too.
    await expectFreshAfter(session, async () => {
      const current = await db()
        .selectFrom('github_repositories')
        .selectAll()
        .where('id', '=', repositoryId)
        .executeTakeFirstOrThrow();
      await saveRepositoryPage(db(), otherId, [{ ...current, id: repositoryId }], now());
    });
    await expectFreshAfter(session, () => dropUnconfirmedAccess(db(), userId, '1970-01-01'));
    await expectFreshAfter(session, () => savePullRequests(db(), [pullRow], 'list'));
    await expectFreshAfter(session, () =>
      saveInvolvement(
        db(),
        [
          {
            user_id: userId,
            pull_request_id: pullRow.id,
            is_author: 1,
            is_review_requested: 0,
            is_assignee: 0,
            confirmed_at: now(),
          },
        ],
        ['is_author'],
      ),
    );
    await expectFreshAfter(session, () => clearReviewRequests(db(), userId, [pullRow.id]));
    await expectFreshAfter(session, () => clearReviewRequestsExcept(db(), userId, []));
    await expectFreshAfter(session, () =>
      saveCommits(db(), [{ ...commit, repository_id: Number(commit.repository_id) }]),
    );
    await expectFreshAfter(session, () =>
      saveShipState(db(), pullRow.id, { review: 'approved', checks: 'passing' }),
    );
    await expectFreshAfter(session, () =>
      updateSyncState(
        db(),
        { userId, provider: 'github', resource: ACCOUNT_RESOURCE },
        { last_error: null },
      ),
    );
    await expectFreshAfter(session, () => recordDailySnapshot(db(), userId, 'octocat', new Date()));
    await expectFreshAfter(session, () =>
      saveProviderToken(db(), {
        userId,
        provider: 'github',
        sealed: token.token_sealed,
        scopes: token.scopes.split(','),
      }),
    );
    await expectFreshAfter(session, () =>
      upsertDeployments(db(), [
        {
          user_id: userId,
          id: 'dpl_cache_test',
          project_id: 'prj_cache_test',
          name: 'cache-test',
          url: 'cache-test.vercel.app',
          inspector_url: null,
          state: 'READY',
          target: 'preview',
          branch: pull.head_ref,
          commit_sha: pull.head_sha,
          commit_message: null,
          commit_author_name: null,
          commit_author_login: null,
          commit_org: null,
          commit_repo: null,
          commit_repo_id: repositoryId,
          pr_id: null,
          error_code: null,
          error_message: null,
          created_at: now(),
          building_at: null,
          ready_at: now(),
          updated_at: now(),
          synced_at: now(),
        },
      ]),
    );
    await expectFreshAfter(session, () => replaceProjects(db(), userId, []));
    await expectFreshAfter(session, () => deleteSyncStates(db(), userId, 'vercel'));
    await expectFreshAfter(session, () => deleteVercelData(db(), userId));
    await expectFreshAfter(session, () =>
      dropUnconfirmedInvolvement(db(), userId, '1970-01-01T00:00:00.000Z'),
    );

    // Disconnecting: the store rows go, then the connection; neither answer is the cached one.
    await repos(session.token);
    await deleteUserGithubData(db(), userId);
    const emptied = await repos(session.token);
    expect(emptied.pagination.total).toBe(0);
    await deleteProviderToken(db(), userId, 'github');
    expect((await get(REPOS_URL, session.token)).status).toBe(409);
  }, 60_000);

  it('keeps syncedAt and the sync state honest, and a sync shows what changed upstream', async () => {
    const session = await signedIn('hubot');
    const { token, userId } = session;
    const key = { userId, provider: 'github' as const, resource: ACCOUNT_RESOURCE };
    const settled = await repos(token);
    expect(settled.sync.phase).toBeNull();

    await updateSyncState(db(), key, {
      phase: 'repositories',
      progress_done: 3,
      progress_total: 9,
    });
    const running = await get('/api/github/stats', token);
    expect(statsResultSchema.parse(running.data).sync).toMatchObject({
      phase: 'repositories',
      done: 3,
      total: 9,
    });
    expect((await repos(token)).sync).toMatchObject({ phase: 'repositories', done: 3, total: 9 });

    const syncedAt = new Date(Date.now() + 1_000).toISOString();
    await updateSyncState(db(), key, {
      phase: null,
      progress_done: null,
      progress_total: null,
      last_success_at: syncedAt,
    });
    const done = await repos(token);
    expect(done.syncedAt).toBe(syncedAt);
    expect(done.sync.phase).toBeNull();

    // A real periodic sync after a change upstream: the same URL answers with the change.
    const pulls = pullsResultSchema.parse((await get(PULLS_URL, token)).data);
    const name = settled.repositories[0]?.full_name ?? '';
    await emulator.handle.triggerActivity({ kind: 'push', repo: name, waitForDeployment: false });
    const pushed = [...emulator.handle.world.repos.values()].find(
      (repo) => emulator.handle.world.fullName(repo) === name,
    );
    await requestGithubSync(t.app, userId, 'refresh');
    await t.app.jobs.drain();
    const after = await repos(token);
    expect(after.repositories.find((r) => r.full_name === name)?.pushed_at).toBe(
      new Date(pushed?.pushedAt ?? 0).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
    expect(after.syncedAt).not.toBe(syncedAt);
    expect(pullsResultSchema.parse((await get(PULLS_URL, token)).data).syncedAt).not.toBe(
      pulls.syncedAt,
    );
  }, 60_000);

  it('never serves one user the answer cached for another', async () => {
    const first = await signedIn('octocat');
    const stranger = await signUpAndLogIn(t.app, newAccount('stranger'));
    expect((await get(REPOS_URL, first.token)).status).toBe(200);
    expect((await get(REPOS_URL, stranger.token)).status).toBe(409);
  });
});
