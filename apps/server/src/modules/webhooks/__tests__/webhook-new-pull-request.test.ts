import { pullsResultSchema } from '@shipdeck/shared/github';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { deliverGithubWebhook } from '../../../test-webhooks.js';
import { githubSecret, vercelSecret } from './webhook-fixtures.js';

const emulator = useEmulator({ repos: 4, richRepos: 1, projects: 1 });

describe.each(testDialects)('a pull request opened on GitHub, on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
    webhooks: { githubSecret, vercelSecret, perMinute: 10_000 },
  });

  const shownNumbers = async (token: string): Promise<number[]> => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/github/pull-requests?perPage=100&q=octocat%2Fshipdeck',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const { pullRequests } = pullsResultSchema.parse(response.json<{ data: unknown }>().data);
    return pullRequests
      .filter((pull) => pull.repository === 'octocat/shipdeck')
      .map((pull) => pull.number);
  };

  it('is listed once its webhook arrives, not at the next periodic sync', async () => {
    const token = await signInWithGithub(t.app);
    const { world } = emulator.handle;
    const opened = await emulator.handle.triggerActivity({
      kind: 'pull_request.opened',
      repo: 'octocat/shipdeck',
    });
    const found = world.lookupRepo('octocat', 'shipdeck');
    const octocat = world.account('octocat');
    if (!found || !('repo' in found) || !octocat) throw new Error('octocat/shipdeck missing');
    const pull = world
      .history(found.repo.id)
      .data.pulls.find((p) => p.number === opened.pullNumber);
    if (!pull) throw new Error('the opened pull request is missing');
    // Authored by octocat, so it involves the signed-in user whoever the emulator picked.
    pull.userId = octocat.id;
    world.touch();

    expect(await shownNumbers(token)).not.toContain(pull.number);

    const delivered = await deliverGithubWebhook(t.app, 'pull_request', {
      action: 'opened',
      number: pull.number,
      pull_request: {
        number: pull.number,
        title: pull.title,
        user: { login: 'octocat' },
        head: { sha: pull.headSha },
      },
      repository: {
        id: found.repo.id,
        name: 'shipdeck',
        full_name: 'octocat/shipdeck',
        owner: { login: 'octocat' },
      },
    });
    expect(delivered.statusCode).toBeLessThan(300);

    expect(await shownNumbers(token)).toContain(pull.number);
  });
});
