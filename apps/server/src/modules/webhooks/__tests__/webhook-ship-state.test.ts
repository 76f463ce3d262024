import type { ShipPullRequest } from '@shipdeck/shared/insights';
import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { githubHeaders, githubSecret, vercelSecret } from './webhook-fixtures.js';

const emulator = useEmulator({ repos: 4, richRepos: 1, projects: 1 });

/** An open pull request of octocat/shipdeck, with its reviews and checks cleared for the test. */
function clearedPull() {
  const { world } = emulator.handle;
  const found = world.lookupRepo('octocat', 'shipdeck');
  if (!found || !('repo' in found)) throw new Error('octocat/shipdeck missing');
  const { repo } = found;
  const history = world.history(repo.id).data;
  const pull = history.pulls.find((candidate) => candidate.state === 'open' && !candidate.draft);
  const reviewer = world.account('hubot');
  if (!pull || !reviewer) throw new Error('no open pull request or reviewer');
  pull.requestedReviewerIds = [];
  history.reviews = history.reviews.filter((review) => review.pullNumber !== pull.number);
  history.checkRuns = history.checkRuns.filter((run) => run.headSha !== pull.headSha);
  history.statuses = history.statuses.filter((status) => status.sha !== pull.headSha);
  world.touch();
  const repository = {
    id: repo.id,
    name: 'shipdeck',
    full_name: 'octocat/shipdeck',
    owner: { login: 'octocat' },
  };
  const pullRequest = {
    number: pull.number,
    title: pull.title,
    user: { login: 'octocat' },
    head: { sha: pull.headSha },
  };
  return { world, history, pull, reviewer, repository, pullRequest };
}

describe.each(testDialects)('ship status kept current by GitHub webhooks on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
    webhooks: { githubSecret, vercelSecret, perMinute: 10_000 },
  });

  it('moves review and checks when GitHub reports a review or a check run, inside the freshness window', async () => {
    const crafted = clearedPull();
    const token = await signInWithGithub(t.app);
    const shown = async (): Promise<ShipPullRequest> => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/github/pull-requests?filter=open&perPage=100',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const { pullRequests } = shipPullsResultSchema.parse(response.json<{ data: unknown }>().data);
      const found = pullRequests.find(
        (pull) => pull.repository === 'octocat/shipdeck' && pull.number === crafted.pull.number,
      );
      if (!found || !('review' in found)) throw new Error('pull request without ship status');
      return found;
    };
    const deliver = async (event: string, body: object) => {
      const payload = JSON.stringify(body);
      const response = await t.app.inject({
        method: 'POST',
        url: '/webhooks/github',
        headers: githubHeaders(event, payload),
        payload,
      });
      expect(response.statusCode).toBe(202);
      await t.app.jobs.drain();
    };
    expect(await shown()).toMatchObject({ review: 'review_required', checks: 'none' });

    // hubot asks for changes on GitHub, and GitHub says so by webhook.
    const review = {
      id: 9_100_001,
      pullNumber: crafted.pull.number,
      userId: crafted.reviewer.id,
      body: '',
      state: 'CHANGES_REQUESTED' as const,
      submittedAt: new Date().toISOString(),
      commitId: crafted.pull.headSha,
    };
    crafted.history.reviews.push(review);
    crafted.world.touch();
    await deliver('pull_request_review', {
      action: 'submitted',
      review: { id: review.id, state: 'changes_requested', user: { login: 'hubot' } },
      pull_request: crafted.pullRequest,
      repository: crafted.repository,
    });
    expect((await shown()).review).toBe('changes_requested');

    // A check run on the head commit fails.
    crafted.history.checkRuns.push({
      id: 9_100_002,
      headSha: crafted.pull.headSha,
      name: 'test',
      status: 'completed',
      conclusion: 'failure',
      startedAt: new Date().toISOString(),
      completedAt: new Date().toISOString(),
      title: null,
      summary: null,
      app: 'github-actions',
      checkSuiteId: 9_100_003,
      detailsUrl: null,
    });
    crafted.world.touch();
    await deliver('check_run', {
      action: 'completed',
      check_run: {
        name: 'test',
        head_sha: crafted.pull.headSha,
        conclusion: 'failure',
        pull_requests: [{ number: crafted.pull.number }],
      },
      repository: crafted.repository,
    });
    expect(await shown()).toMatchObject({ review: 'changes_requested', checks: 'failing' });
  }, 30_000);
});
