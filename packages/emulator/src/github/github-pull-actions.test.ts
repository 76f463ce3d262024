import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckRun, Pull } from '../data/model.js';
import type { EmulatorHandle } from '../start-emulator.js';
import {
  admin,
  arr,
  githubGet,
  githubSend,
  obj,
  startTestEmulator,
} from '../testing/test-emulator.js';
import { componentValidator, responseValidator, schemaErrors } from '../testing/test-openapi.js';

// Issue 37's GitHub writes: reviews, review requests, collaborators and teams, Actions runs and
// their re-runs, check-suite rerequests; answers and webhooks checked against @octokit/openapi.

const REPO = 'shipdeck-labs/website';
let emulator: EmulatorHandle;
let receiver: Server;
const received: { event: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        event: String(req.headers['x-github-event']),
        body: obj(JSON.parse(Buffer.concat(chunks).toString('utf8'))),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/github`;
  emulator = await startTestEmulator({
    warmUp: false,
    webhooks: { github: [{ url }] },
    checkReruns: { conclusion: 'success', stepMs: 20 },
  });
});

afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

function token(login: string): string {
  return `ghp_emu_${login}`;
}

function history() {
  const found = emulator.world.lookupRepo('shipdeck-labs', 'website');
  if (!found || !('repo' in found)) throw new Error('no website repository');
  return { repo: found.repo, history: emulator.world.history(found.repo.id) };
}

function pull(number: number): Pull {
  const found = history().history.pull(number);
  if (!found) throw new Error(`no pull ${number}`);
  return found;
}

/** Waits until a webhook matching `test` arrived. */
async function webhook(
  test: (delivery: { event: string; body: Record<string, unknown> }) => boolean,
): Promise<{ event: string; body: Record<string, unknown> }> {
  for (let i = 0; i < 200; i++) {
    const found = received.find(test);
    if (found) return found;
    await sleep(10);
  }
  throw new Error('webhook never arrived');
}

function webhookErrors(event: string, body: Record<string, unknown>): string[] {
  const action = typeof body.action === 'string' ? `-${body.action.replace(/_/g, '-')}` : '';
  return schemaErrors(componentValidator(`webhook-${event.replace(/_/g, '-')}${action}`), body);
}

describe('reviews', () => {
  it('approves as another collaborator: the review, the request gone, the submitted webhook', async () => {
    const target = pull(15);
    const monalisa = emulator.world.account('monalisa');
    if (!monalisa) throw new Error('no monalisa');
    target.requestedReviewerIds = [monalisa.id];
    emulator.world.touch();
    const answer = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/pulls/15/reviews`,
      { event: 'APPROVE', body: 'Looks good' },
      token('monalisa'),
    );
    expect(answer.status, answer.text).toBe(200);
    expect(
      schemaErrors(
        responseValidator('/repos/{owner}/{repo}/pulls/{pull_number}/reviews', 'post', 200),
        answer.json,
      ),
    ).toEqual([]);
    const review = obj(answer.json);
    expect(review.state).toBe('APPROVED');
    expect(review.commit_id).toBe(target.headSha);
    expect(target.requestedReviewerIds).toEqual([]);
    const listed = arr(
      (await githubGet(emulator, `/repos/${REPO}/pulls/15/reviews?per_page=100`)).json,
    );
    expect(listed.map((r) => obj(r).id)).toContain(review.id);
    const hook = await webhook(
      (d) => d.event === 'pull_request_review' && obj(d.body.review).id === review.id,
    );
    expect(obj(hook.body.review).state).toBe('approved');
    expect(webhookErrors(hook.event, hook.body)).toEqual([]);
  });

  it('requests changes with a comment; refuses it without one', async () => {
    const empty = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/pulls/15/reviews`,
      { event: 'REQUEST_CHANGES' },
      token('octocat'),
    );
    expect(empty.status).toBe(422);
    expect(obj(empty.json).errors).toEqual([
      'You need to leave a comment indicating the requested changes.',
    ]);
    const answer = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/pulls/15/reviews`,
      { event: 'REQUEST_CHANGES', body: 'Please add a test' },
      token('octocat'),
    );
    expect(answer.status).toBe(200);
    expect(obj(answer.json).state).toBe('CHANGES_REQUESTED');
  });

  it("refuses the author's own approval and request for changes with GitHub's 422", async () => {
    for (const [event, text] of [
      ['APPROVE', 'Can not approve your own pull request'],
      ['REQUEST_CHANGES', 'Can not request changes on your own pull request'],
    ] as const) {
      const answer = await githubSend(
        emulator,
        'POST',
        `/repos/${REPO}/pulls/15/reviews`,
        { event, body: 'mine' },
        token('hubot'),
      );
      expect(answer.status).toBe(422);
      const { status, ...body } = obj(answer.json);
      expect(body).toMatchObject({ message: 'Unprocessable Entity', errors: [text] });
      // GitHub adds `status` (a string) to its errors since 2024; the description lacks it.
      expect(status).toBe('422');
      expect(
        schemaErrors(
          responseValidator('/repos/{owner}/{repo}/pulls/{pull_number}/reviews', 'post', 422),
          body,
        ),
      ).toEqual([]);
    }
  });
});

describe('reviews and re-runs move mergeability on a protected branch', () => {
  it('a failed required check re-run green, then an approval: blocked → blocked → clean', async () => {
    // The website's default branch wants one approval and a green `build`.
    const opened = await emulator.triggerActivity({
      kind: 'pull_request.opened',
      repo: REPO,
      text: 'Protected change',
      outcome: 'READY',
    });
    const target = pull(opened.pullNumber ?? -1);
    target.userId = emulator.world.account('hubot')?.id ?? -1;
    const { history: h } = history();
    const suiteId = h.nextId();
    h.data.checkRuns.push({
      id: h.nextId(),
      headSha: target.headSha,
      name: 'build',
      status: 'completed',
      conclusion: 'failure',
      startedAt: '2025-06-01T11:00:00.000Z',
      completedAt: '2025-06-01T11:05:00.000Z',
      title: 'build failed',
      summary: null,
      app: 'github-actions',
      checkSuiteId: suiteId,
      detailsUrl: null,
    });
    emulator.world.touch();
    const state = async (): Promise<unknown> => {
      await githubGet(emulator, `/repos/${REPO}/pulls/${target.number}`);
      return obj((await githubGet(emulator, `/repos/${REPO}/pulls/${target.number}`)).json)
        .mergeable_state;
    };
    expect(await state()).toBe('blocked');
    const runs = obj(
      (await githubGet(emulator, `/repos/${REPO}/actions/runs?check_suite_id=${suiteId}`)).json,
    );
    const runId = String(obj(arr(runs.workflow_runs)[0]).id);
    const rerun = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/actions/runs/${runId}/rerun-failed-jobs`,
      {},
      token('octocat'),
    );
    expect(rerun.status).toBe(201);
    for (let i = 0; i < 200; i++) {
      const run = obj((await githubGet(emulator, `/repos/${REPO}/actions/runs/${runId}`)).json);
      if (run.status === 'completed') break;
      await sleep(10);
    }
    // Green now, still without the approval the branch wants.
    expect(await state()).toBe('blocked');
    const approve = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/pulls/${target.number}/reviews`,
      { event: 'APPROVE' },
      token('monalisa'),
    );
    expect(approve.status).toBe(200);
    expect(await state()).toBe('clean');
  });
});

describe('requested reviewers, collaborators and teams', () => {
  it('requests a user and a team: 201 pull-request-simple, one review_requested each', async () => {
    const answer = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/pulls/15/requested_reviewers`,
      { reviewers: ['monalisa'], team_reviewers: ['web'] },
      token('octocat'),
    );
    expect(answer.status, answer.text).toBe(201);
    expect(
      schemaErrors(
        responseValidator(
          '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
          'post',
          201,
        ),
        answer.json,
      ),
    ).toEqual([]);
    const body = obj(answer.json);
    expect(arr(body.requested_reviewers).map((u) => obj(u).login)).toEqual(['monalisa']);
    expect(arr(body.requested_teams).map((t) => obj(t).slug)).toEqual(['web']);
    const user = await webhook(
      (d) => d.event === 'pull_request' && d.body.requested_reviewer !== undefined,
    );
    const team = await webhook(
      (d) => d.event === 'pull_request' && d.body.requested_team !== undefined,
    );
    expect(obj(user.body.requested_reviewer).login).toBe('monalisa');
    expect(obj(team.body.requested_team).slug).toBe('web');
    expect(webhookErrors(user.event, user.body)).toEqual([]);
    expect(webhookErrors(team.event, team.body)).toEqual([]);
  });

  it('refuses people who are not collaborators, and the author, with 422', async () => {
    const stranger = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/pulls/15/requested_reviewers`,
      { reviewers: ['zoe-unicode'] },
      token('octocat'),
    );
    expect(stranger.status).toBe(422);
    expect(obj(stranger.json).message).toMatch(/^Reviews may only be requested from collaborators/);
    const author = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/pulls/15/requested_reviewers`,
      { reviewers: ['hubot'] },
      token('octocat'),
    );
    expect(author.status).toBe(422);
    expect(obj(author.json).message).toBe('Review cannot be requested from pull request author.');
  });

  it('lists collaborators with permissions and role_name, a page at a time; teams with access', async () => {
    const first = await githubGet(emulator, `/repos/${REPO}/collaborators?per_page=2`);
    expect(first.status).toBe(200);
    expect(
      schemaErrors(
        responseValidator('/repos/{owner}/{repo}/collaborators', 'get', 200),
        first.json,
      ),
    ).toEqual([]);
    expect(first.headers.get('link')).toContain('rel="next"');
    const all = arr((await githubGet(emulator, `/repos/${REPO}/collaborators`)).json).map(obj);
    expect(all.map((c) => [c.login, c.role_name])).toEqual([
      ['octocat', 'admin'],
      ['hubot', 'write'],
      ['monalisa', 'write'],
    ]);
    const readOnly = await githubGet(
      emulator,
      `/repos/${REPO}/collaborators`,
      token('zoe-unicode'),
    );
    expect(readOnly.status).toBe(403);
    const teams = await githubGet(emulator, `/repos/${REPO}/teams`);
    expect(
      schemaErrors(responseValidator('/repos/{owner}/{repo}/teams', 'get', 200), teams.json),
    ).toEqual([]);
    expect(arr(teams.json).map((t) => obj(t).slug)).toEqual(['web', 'platform']);
  });
});

describe('re-running failed checks', () => {
  function failedRunOn(sha: string, app: CheckRun['app'], suiteId: number): CheckRun {
    const { history: h } = history();
    const run: CheckRun = {
      id: h.nextId(),
      headSha: sha,
      name: app === 'vercel' ? 'Vercel – website' : 'flaky e2e',
      status: 'completed',
      conclusion: 'failure',
      startedAt: '2025-06-01T11:00:00.000Z',
      completedAt: '2025-06-01T11:05:00.000Z',
      title: 'failed',
      summary: null,
      app,
      checkSuiteId: suiteId,
      detailsUrl: null,
    };
    h.data.checkRuns.push(run);
    emulator.world.touch();
    return run;
  }

  it('lists the head SHA’s workflow runs and jobs; rerun-failed-jobs starts the failed job again and finishes it with webhooks', async () => {
    const target = pull(15);
    const existing = history().history.data.checkRuns.find(
      (run) => run.headSha === target.headSha && run.app === 'github-actions',
    );
    if (!existing) throw new Error('no Actions run on the head');
    const failed = failedRunOn(target.headSha, 'github-actions', existing.checkSuiteId);
    const runs = await githubGet(
      emulator,
      `/repos/${REPO}/actions/runs?head_sha=${target.headSha}`,
    );
    expect(runs.status).toBe(200);
    expect(
      schemaErrors(responseValidator('/repos/{owner}/{repo}/actions/runs', 'get', 200), runs.json),
    ).toEqual([]);
    const run = obj(arr(obj(runs.json).workflow_runs)[0]);
    expect(run).toMatchObject({
      check_suite_id: existing.checkSuiteId,
      conclusion: 'failure',
      run_attempt: 1,
    });
    const jobs = await githubGet(emulator, `/repos/${REPO}/actions/runs/${String(run.id)}/jobs`);
    expect(
      schemaErrors(
        responseValidator('/repos/{owner}/{repo}/actions/runs/{run_id}/jobs', 'get', 200),
        jobs.json,
      ),
    ).toEqual([]);
    expect(arr(obj(jobs.json).jobs).map((j) => obj(j).id)).toContain(failed.id);

    const fineGrained = emulator.createGithubToken('octocat', ['pull_requests:write'], {
      fineGrained: true,
    });
    const refused = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/actions/runs/${String(run.id)}/rerun-failed-jobs`,
      {},
      fineGrained,
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-accepted-github-permissions')).toBe('actions=write');

    received.length = 0;
    const rerun = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/actions/runs/${String(run.id)}/rerun-failed-jobs`,
      {},
      token('octocat'),
    );
    expect(rerun.status, rerun.text).toBe(201);
    expect(rerun.json).toEqual({});
    const queued = obj(
      (await githubGet(emulator, `/repos/${REPO}/actions/runs/${String(run.id)}`)).json,
    );
    expect(queued).toMatchObject({ status: 'queued', conclusion: null, run_attempt: 2 });
    const again = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/actions/runs/${String(run.id)}/rerun-failed-jobs`,
      {},
      token('octocat'),
    );
    expect(again.status).toBe(403);

    const done = await webhook((d) => d.event === 'workflow_run' && d.body.action === 'completed');
    expect(obj(done.body.workflow_run)).toMatchObject({ conclusion: 'success', run_attempt: 2 });
    for (const d of received) expect(webhookErrors(d.event, d.body), d.event).toEqual([]);
    expect(received.map((d) => `${d.event}.${String(d.body.action)}`)).toEqual([
      'workflow_run.requested',
      'check_run.created',
      'workflow_run.in_progress',
      'check_run.completed',
      'check_suite.completed',
      'workflow_run.completed',
    ]);
    const latest = await githubGet(emulator, `/repos/${REPO}/commits/${target.headSha}/check-runs`);
    const flaky = arr(obj(latest.json).check_runs)
      .map(obj)
      .filter((r) => r.name === 'flaky e2e');
    expect(flaky.map((r) => [r.status, r.conclusion])).toEqual([['completed', 'success']]);
  });

  it('rerequests another app’s check suite (201) with the outcome the admin API set', async () => {
    const target = pull(13);
    const suiteId = history().history.nextId();
    failedRunOn(target.headSha, 'vercel', suiteId);
    expect((await admin(emulator, 'PUT', '/check-reruns', { conclusion: 'failure' })).status).toBe(
      200,
    );
    received.length = 0;
    const answer = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/check-suites/${suiteId}/rerequest`,
      undefined,
      token('octocat'),
    );
    expect(answer.status, answer.text).toBe(201);
    const suite = obj((await githubGet(emulator, `/repos/${REPO}/check-suites/${suiteId}`)).json);
    expect(suite).toMatchObject({ status: 'queued', conclusion: null });
    expect(schemaErrors(componentValidator('check-suite'), suite)).toEqual([]);
    const done = await webhook((d) => d.event === 'check_suite');
    expect(obj(done.body.check_suite).conclusion).toBe('failure');
    expect(webhookErrors(done.event, done.body)).toEqual([]);
    expect(received.some((d) => d.event === 'workflow_run')).toBe(false);
    await admin(emulator, 'PUT', '/check-reruns', { conclusion: 'success' });
  });

  it('refuses a person with read access (403) and a classic token without repo (404)', async () => {
    const target = pull(13);
    const suite = history().history.data.checkRuns.find((r) => r.headSha === target.headSha);
    if (!suite) throw new Error('no check run');
    const readOnly = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/check-suites/${suite.checkSuiteId}/rerequest`,
      undefined,
      token('zoe-unicode'),
    );
    expect(readOnly.status).toBe(403);
    const noScope = emulator.createGithubToken('octocat', ['read:user']);
    const classic = await githubSend(
      emulator,
      'POST',
      `/repos/${REPO}/check-suites/${suite.checkSuiteId}/rerequest`,
      undefined,
      noScope,
    );
    expect(classic.status).toBe(404);
    expect(classic.headers.get('x-accepted-oauth-scopes')).toBe('repo');
  });
});
