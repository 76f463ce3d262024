import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { githubClientFor } from '../github-client.js';

const emulator = useEmulator({ repos: 2, richRepos: 1, projects: 0 });

// Concurrent identical GETs share one upstream call; `octokit.paginate` rewrites the answer it is
// handed (a `{ total_count, workflow_runs }` page becomes the list), so a shared object crashed
// every caller after the first ("Cannot set properties of undefined (setting 'total_count')").
describe('concurrent paginated reads of one URL', () => {
  const t = useTestApp('sqlite', {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('each caller gets its own copy of the shared answer', async () => {
    await signInWithGithub(t.app);
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const route = 'GET /repos/{owner}/{repo}/actions/runs' as const;
    // A head no run is for: an empty list, the shape that crashed.
    const params = { owner: 'octocat', repo: 'hello-world', head_sha: '0'.repeat(40) };
    const mark = emulator.handle.requestLog.list().at(-1)?.id ?? 0;

    const clients = await Promise.all([githubClientFor(t.app, user), githubClientFor(t.app, user)]);
    const answers = await Promise.all(clients.map((octokit) => octokit.paginate(route, params)));

    expect(answers).toEqual([[], []]);
    const upstream = emulator.handle.requestLog
      .list({ area: 'github', sinceId: mark })
      .filter((entry) => entry.url.includes('/repos/octocat/hello-world/actions/runs'));
    expect(upstream).toHaveLength(1);
  });
});
