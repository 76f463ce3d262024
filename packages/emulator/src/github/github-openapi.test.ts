import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import { arr, githubGet, githubSend, obj, startTestEmulator } from '../testing/test-emulator.js';
import { componentValidator, responseValidator, schemaErrors } from '../testing/test-openapi.js';

// Every GitHub endpoint's answers, for many repositories and pull requests of the generated
// world (with its hostile content), validated against @octokit/openapi's response schemas.

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

async function expectValid(
  path: string,
  operation: string,
  status = 200,
  token?: string | null,
): Promise<unknown> {
  const answer = await githubGet(emulator, path, token);
  expect(answer.status, `${path}: ${answer.text.slice(0, 300)}`).toBe(status);
  expect(schemaErrors(responseValidator(operation, 'get', status), answer.json), path).toEqual([]);
  return answer.json;
}

function repoNames(): string[] {
  const demo = emulator.world.account('octocat');
  return [...emulator.world.repos.values()]
    .filter((r) => r.ownerId === demo?.id && r.richness === 'rich' && !r.empty)
    .map((r) => emulator.world.fullName(r));
}

describe('GitHub answers match the OpenAPI description', () => {
  it('GET /user in both views, chosen by the token scope like the discriminator says', async () => {
    const full = obj(await githubGet(emulator, '/user').then((a) => a.json));
    expect(full.user_view_type).toBe('private');
    expect(schemaErrors(componentValidator('private-user'), full)).toEqual([]);
    const limited = obj(
      await githubGet(emulator, '/user', 'ghp_emu_octocat_public').then((a) => a.json),
    );
    expect(limited.user_view_type).toBe('public');
    expect(limited).not.toHaveProperty('two_factor_authentication');
    expect(schemaErrors(componentValidator('public-user'), limited)).toEqual([]);
    for (const login of [
      'hubot',
      'zoe-unicode',
      'xss-tester',
      'a-very-long-login-name-for-layout-tests',
    ]) {
      const body = await githubGet(emulator, '/user', `ghp_emu_${login}`).then((a) => a.json);
      expect(schemaErrors(componentValidator('private-user'), body), login).toEqual([]);
    }
  });

  it('GET /user/emails and /rate_limit', async () => {
    await expectValid('/user/emails', '/user/emails');
    await expectValid('/rate_limit', '/rate_limit');
  });

  it('GET /user/repos, every page, for several users and filters', async () => {
    for (const query of [
      '?per_page=100',
      '?per_page=100&page=2',
      '?affiliation=collaborator,organization_member',
      '?type=private',
      '?sort=pushed&per_page=5',
    ]) {
      arr(await expectValid(`/user/repos${query}`, '/user/repos'));
    }
    for (const login of ['hubot', 'monalisa', 'dev-schema-1']) {
      const token = emulator.world.githubTokens.has(`ghp_emu_${login}`)
        ? `ghp_emu_${login}`
        : emulator.demo.githubToken;
      await expectValid('/user/repos?per_page=100', '/user/repos', 200, token);
    }
  });

  it('GET /repos/{owner}/{repo} for forks, org, archived, empty, private and odd names', async () => {
    const names = [
      ...repoNames(),
      'octocat/Spoon-Knife',
      'octocat/empty-repo',
      'octocat/archived-experiment',
      'octocat/.github',
      'octocat/a-very-long-repository-name-that-keeps-going-and-going-to-test-truncation-in-every-single-layout-yes',
      'shipdeck-labs/platform',
      'shipdeck-labs/website',
      'hubot/hubot-scripts',
    ];
    for (const name of names) {
      const repo = obj(await expectValid(`/repos/${name}`, '/repos/{owner}/{repo}'));
      expect(repo.full_name).toBe(name);
    }
    const fork = obj(await githubGet(emulator, '/repos/octocat/Spoon-Knife').then((a) => a.json));
    expect(obj(fork.parent).full_name).toBe('shipdeck-labs/Spoon-Knife');
  });

  it('commits (list and one), branches, languages, check runs and combined status of every rich repository', async () => {
    for (const name of repoNames().slice(0, 8)) {
      const commits = arr(
        await expectValid(`/repos/${name}/commits?per_page=100`, '/repos/{owner}/{repo}/commits'),
      );
      for (const commit of commits.slice(0, 4)) {
        await expectValid(
          `/repos/${name}/commits/${String(obj(commit).sha)}`,
          '/repos/{owner}/{repo}/commits/{ref}',
        );
      }
      const oldest = obj(commits[commits.length - 1]);
      await expectValid(
        `/repos/${name}/commits/${String(oldest.sha)}`,
        '/repos/{owner}/{repo}/commits/{ref}',
      );
      const branches = arr(
        await expectValid(`/repos/${name}/branches?per_page=100`, '/repos/{owner}/{repo}/branches'),
      );
      await expectValid(`/repos/${name}/languages`, '/repos/{owner}/{repo}/languages');
      for (const branch of branches.slice(0, 4)) {
        const sha = String(obj(obj(branch).commit).sha);
        await expectValid(
          `/repos/${name}/commits/${sha}/check-runs`,
          '/repos/{owner}/{repo}/commits/{ref}/check-runs',
        );
        await expectValid(
          `/repos/${name}/commits/${sha}/status`,
          '/repos/{owner}/{repo}/commits/{ref}/status',
        );
      }
    }
  });

  it('pull requests (list, one, reviews) including hostile titles and dependabot', async () => {
    for (const name of repoNames().slice(0, 8)) {
      const pulls = arr(
        await expectValid(
          `/repos/${name}/pulls?state=all&per_page=100`,
          '/repos/{owner}/{repo}/pulls',
        ),
      );
      for (const pull of pulls.slice(0, 6)) {
        const number = String(obj(pull).number);
        await expectValid(
          `/repos/${name}/pulls/${number}`,
          '/repos/{owner}/{repo}/pulls/{pull_number}',
        );
        await expectValid(
          `/repos/${name}/pulls/${number}`,
          '/repos/{owner}/{repo}/pulls/{pull_number}',
        );
        await expectValid(
          `/repos/${name}/pulls/${number}/reviews`,
          '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
        );
        const head = String(obj(obj(pull).head).sha);
        await expectValid(
          `/repos/${name}/commits/${head}/check-runs`,
          '/repos/{owner}/{repo}/commits/{ref}/check-runs',
        );
      }
    }
  });

  it('deployments and deployment statuses created by the Vercel integration', async () => {
    let seen = 0;
    for (const name of repoNames()) {
      const deployments = arr(
        await expectValid(
          `/repos/${name}/deployments?per_page=100`,
          '/repos/{owner}/{repo}/deployments',
        ),
      );
      for (const deployment of deployments.slice(0, 3)) {
        seen++;
        await expectValid(
          `/repos/${name}/deployments/${String(obj(deployment).id)}/statuses`,
          '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
        );
      }
    }
    expect(seen).toBeGreaterThan(5);
  });

  it('GET /search/issues for pull requests across repositories', async () => {
    for (const q of [
      'is:pr author:@me',
      'is:pr is:open review-requested:@me',
      'is:pr involves:hubot archived:false',
      'is:pr is:merged repo:octocat/shipdeck',
      'is:pr fix',
    ]) {
      const body = obj(
        await expectValid(
          `/search/issues?q=${encodeURIComponent(q)}&per_page=50`,
          '/search/issues',
        ),
      );
      expect(body.incomplete_results).toBe(false);
    }
  });

  it('notifications: threads of every page and user, one thread, subscriptions, writes, refusals', async () => {
    const types = new Set<string>();
    for (const login of ['octocat', 'hubot', 'monalisa', 'zoe-unicode', 'xss-tester']) {
      const token = `ghp_emu_${login}`;
      for (let page = 1; page <= 6; page++) {
        const threads = arr(
          await expectValid(`/notifications?all=true&page=${page}`, '/notifications', 200, token),
        );
        for (const thread of threads) types.add(String(obj(obj(thread).subject).type));
        if (threads.length < 50) break;
      }
      await expectValid('/notifications?participating=true', '/notifications', 200, token);
    }
    expect([...types]).toEqual(expect.arrayContaining(['PullRequest', 'CheckSuite', 'Issue']));
    const threads = arr(await expectValid('/notifications?all=true', '/notifications'));
    const repoName = String(obj(obj(threads[0]).repository).full_name);
    await expectValid(
      `/repos/${repoName}/notifications?all=true`,
      '/repos/{owner}/{repo}/notifications',
    );
    for (const thread of threads.slice(0, 10)) {
      const id = String(obj(thread).id);
      await expectValid(`/notifications/threads/${id}`, '/notifications/threads/{thread_id}');
    }
    const withSubscription = emulator.world.notifications
      .threadsOf(emulator.world.account('octocat')?.id ?? 0)
      .find((t) => t.subscription !== null);
    await expectValid(
      `/notifications/threads/${String(withSubscription?.id)}/subscription`,
      '/notifications/threads/{thread_id}/subscription',
    );
    const id = String(obj(threads[1]).id);
    const put = await githubSend(emulator, 'PUT', `/notifications/threads/${id}/subscription`, {
      ignored: true,
    });
    expect(put.status).toBe(200);
    expect(
      schemaErrors(
        responseValidator('/notifications/threads/{thread_id}/subscription', 'put', 200),
        put.json,
      ),
    ).toEqual([]);
    const many = await githubSend(emulator, 'PUT', '/notifications', {}, 'ghp_emu_octocat');
    expect([202, 205]).toContain(many.status);
    if (many.status === 202)
      expect(schemaErrors(responseValidator('/notifications', 'put', 202), many.json)).toEqual([]);
    await expectValid('/notifications', '/notifications', 403, 'ghp_emu_octocat_public');
    await expectValid(
      '/notifications',
      '/notifications',
      403,
      emulator.createGithubToken('octocat', ['repo'], { fineGrained: true }),
    );
    await expectValid('/notifications', '/notifications', 401, 'ghp_not_a_token');
  });

  it('error bodies: 404, 401, 409, 422 and 301', async () => {
    await expectValid('/repos/octocat/does-not-exist', '/repos/{owner}/{repo}', 404);
    await expectValid('/repos/octocat/empty-repo/commits', '/repos/{owner}/{repo}/commits', 409);
    await expectValid('/user/repos?type=owner&visibility=all', '/user/repos', 422);
    await expectValid('/search/issues?q=', '/search/issues', 422);
    await expectValid('/user', '/user', 401, 'ghp_not_a_token');
    await expectValid('/repos/octocat/old-name', '/repos/{owner}/{repo}', 301);
  });
});
