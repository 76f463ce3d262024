import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { storePullRequest, storeRepository } from '../../github-store/__tests__/store-fixtures.js';
import { threadPullRequests } from '../thread-pull-requests.js';

// An inbox thread's ship-status line is the pull-request list's: a re-run asked for and merge
// when ready show on the thread too (issue 37), not only on /pull-requests.
describe.each(testDialects)('inbox thread ship status on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('carries "re-running" and merge when ready from the stored pull request', async () => {
    const { userId } = await signUpAndLogIn(t.app);
    const repositoryId = 9_100_000 + Math.floor(Math.random() * 100_000);
    await storeRepository(t.app.db, userId, { id: repositoryId, owner: 'acme', name: 'ships' });
    const common = {
      repository_id: repositoryId,
      author_login: 'hubot',
      head_sha: 'a'.repeat(40),
      review_state: 'approved',
      checks_state: 'failing',
    };
    await storePullRequest(t.app.db, { ...common, id: repositoryId * 10 + 1, number: 1 });
    await storePullRequest(t.app.db, { ...common, id: repositoryId * 10 + 2, number: 2 });
    await t.app.db
      .updateTable('github_pull_requests')
      .set({ checks_rerun_at: new Date().toISOString() })
      .where('id', '=', repositoryId * 10 + 1)
      .execute();
    await t.app.db
      .updateTable('github_pull_requests')
      .set({
        auto_merge_method: 'squash',
        auto_merge_enabled_by: 'octocat',
        auto_merge_enabled_at: '2026-11-28T06:00:00.000Z',
      })
      .where('id', '=', repositoryId * 10 + 2)
      .execute();

    const threads = await threadPullRequests(t.app.db, userId, [
      { repository: 'acme/ships', number: 1 },
      { repository: 'acme/ships', number: 2 },
    ]);

    expect(threads.get('acme/ships#1')?.shipStatus).toMatchObject({
      checks: 'failing',
      checksRerunning: true,
      autoMerge: null,
    });
    expect(threads.get('acme/ships#2')?.shipStatus).toMatchObject({
      checksRerunning: false,
      autoMerge: { method: 'squash', enabledBy: 'octocat' },
    });
  });
});
