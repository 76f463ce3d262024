import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckRun, Pull } from '@shipdeck/emulator/data/model';
import { errorEnvelopeSchema } from '@shipdeck/shared/api-envelope';
import { shipPullsResultSchema, type ShipPullRequest } from '@shipdeck/shared/insights';
import {
  pullRequestActionMessages as messages,
  pullRequestActionResultSchema,
  rerunFailedChecksResultSchema,
  reviewerCandidatesResultSchema,
} from '@shipdeck/shared/pull-request-actions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, dataOf, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { requestGithubSync } from '../../github-sync/request-github-sync.js';
import { markChecksRerun } from '../checks-rerun.repository.js';
import { githubSecret, vercelSecret } from '../../webhooks/__tests__/webhook-fixtures.js';

// Reviews, review requests, reviewer candidates and re-runs of failed checks against the
// emulator, with the emulator's webhooks delivered to the app (through a small HTTP bridge) so a
// re-run's new results reach the ship status the way production sees them.

const REPO = 'shipdeck-labs/website';
const emulator = useEmulator({
  repos: 12,
  richRepos: 4,
  projects: 1,
  deploymentStepMs: 5,
  checkReruns: { conclusion: 'success', stepMs: 40 },
});

let current: FastifyInstance | null = null;
let bridge: Server;

beforeAll(async () => {
  bridge = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const app = current;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers[name] = value;
      void (async () => {
        try {
          if (app) {
            await app.inject({
              method: 'POST',
              url: '/webhooks/github',
              headers,
              payload: Buffer.concat(chunks),
            });
            await app.jobs.drain();
          }
        } catch {
          // The app of the dialect before closed while a late delivery was applied.
        }
        res.writeHead(204).end();
      })();
    });
  });
  await new Promise<void>((resolve) => bridge.listen(0, '127.0.0.1', resolve));
  emulator.handle.webhooks.addGithubTarget({
    url: `http://127.0.0.1:${(bridge.address() as AddressInfo).port}/github`,
    secret: githubSecret,
  });
});
afterAll(async () => {
  emulator.handle.webhooks.clearTargets();
  await new Promise((resolve) => bridge.close(resolve));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function website() {
  const found = emulator.handle.world.lookupRepo('shipdeck-labs', 'website');
  if (!found || !('repo' in found)) throw new Error(`${REPO} missing`);
  return { repo: found.repo, history: emulator.handle.world.history(found.repo.id) };
}

function accountId(login: string): number {
  const account = emulator.handle.world.account(login);
  if (!account) throw new Error(`no account ${login}`);
  return account.id;
}

/** A new open pull request of the repository by `author`, asking octocat to review unless theirs. */
async function openPull(author: string, text: string): Promise<Pull> {
  const result = await emulator.handle.triggerActivity({
    kind: 'pull_request.opened',
    repo: REPO,
    text,
    // A repository linked to Vercel gets a preview and its commit status: a green one.
    outcome: 'READY',
  });
  const pull = website().history.pull(result.pullNumber ?? -1);
  if (!pull) throw new Error('no pull request opened');
  pull.userId = accountId(author);
  pull.requestedReviewerIds = author === 'octocat' ? [] : [accountId('octocat')];
  pull.mergeabilityComputed = true;
  emulator.handle.world.touch();
  return pull;
}

function plantRun(pull: Pull, app: CheckRun['app'], conclusion: 'success' | 'failure'): CheckRun {
  const { history } = website();
  const id = history.nextId();
  const at = new Date().toISOString();
  const run: CheckRun = {
    id,
    headSha: pull.headSha,
    name: app === 'vercel' ? 'Vercel – website' : 'test',
    status: 'completed',
    conclusion,
    startedAt: at,
    completedAt: at,
    title: null,
    summary: null,
    app,
    checkSuiteId: id,
    detailsUrl: null,
  };
  history.data.checkRuns.push(run);
  emulator.handle.world.touch();
  return run;
}

function plantFailedStatus(pull: Pull): void {
  const { history } = website();
  const at = new Date().toISOString();
  history.data.statuses.push({
    id: history.nextId(),
    sha: pull.headSha,
    state: 'failure',
    context: 'ci/circleci: build',
    description: null,
    targetUrl: null,
    creatorId: accountId('octocat'),
    createdAt: at,
    updatedAt: at,
  });
  emulator.handle.world.touch();
}

describe.each(testDialects)('reviews, reviewers and re-runs on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
    webhooks: { githubSecret, vercelSecret, perMinute: 10_000 },
  });
  let token = '';
  const pulls: Record<
    'approve' | 'changes' | 'own' | 'actions' | 'suite' | 'classic' | 'scopes',
    Pull
  > = {} as never;

  beforeAll(async () => {
    current = t.app;
    pulls.approve = await openPull('hubot', 'Approve me');
    pulls.changes = await openPull('hubot', 'Change me');
    pulls.own = await openPull('octocat', 'Mine');
    pulls.actions = await openPull('hubot', 'Actions failed');
    plantRun(pulls.actions, 'github-actions', 'failure');
    pulls.suite = await openPull('monalisa', 'Vercel check failed');
    plantRun(pulls.suite, 'github-actions', 'success');
    plantRun(pulls.suite, 'vercel', 'failure');
    plantFailedStatus(pulls.suite);
    pulls.classic = await openPull('hubot', 'CircleCI failed');
    plantRun(pulls.classic, 'github-actions', 'success');
    plantFailedStatus(pulls.classic);
    pulls.scopes = await openPull('hubot', 'Scopes');
    plantRun(pulls.scopes, 'github-actions', 'failure');
    token = await signInWithGithub(t.app, 'octocat');
    await t.app.jobs.drain();
  });
  afterAll(() => {
    current = null;
  });

  const url = (pull: Pull, rest: string) =>
    `/api/github/repos/${REPO}/pulls/${pull.number}/${rest}`;
  const post = (pull: Pull, rest: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: url(pull, rest), headers: bearer(token), payload });
  const listed = async (ship?: string): Promise<ShipPullRequest[]> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/github/pull-requests?filter=open&perPage=100${ship ? `&ship=${ship}` : ''}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const { pullRequests } = dataOf(response, shipPullsResultSchema);
    return pullRequests.filter((p): p is ShipPullRequest => 'review' in p);
  };
  const shown = async (pull: Pull): Promise<ShipPullRequest | undefined> =>
    (await listed()).find((p) => p.repository === REPO && p.number === pull.number);
  const audits = (action: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['outcome', 'target_label', 'details'])
      .where('action', '=', action as never)
      .execute();
  const githubWrites = () =>
    emulator.handle.requestLog
      .list({ area: 'github' })
      .filter((entry) => entry.method !== 'GET')
      .map((entry) => `${entry.method} ${new URL(entry.url, 'http://x').pathname}`);
  /** Waits until the listed pull request satisfies `test` (webhooks arrive after the answer). */
  const eventually = async (pull: Pull, test: (p: ShipPullRequest) => boolean) => {
    // Generous: under load the webhooks and the reads they cause take seconds.
    let last: ShipPullRequest | undefined;
    for (let i = 0; i < 300; i++) {
      last = await shown(pull);
      if (last && test(last)) return last;
      await sleep(50);
    }
    const { checks, checksRerunning } = last ?? {};
    throw new Error(
      `pull request #${pull.number} never reached the state: ${JSON.stringify({ checks, checksRerunning })}`,
    );
  };

  it('approves: the review on GitHub, review state and "Needs my review" at once, an audit entry', async () => {
    const before = await listed('needs_my_review');
    expect(before.some((p) => p.number === pulls.approve.number)).toBe(true);
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const liveEvents = () =>
      t.database.db
        .selectFrom('events')
        .select('payload')
        .where('user_id', '=', userId)
        .where('type', '=', 'data.changed')
        .execute();
    const eventsBefore = (await liveEvents()).length;
    const response = await post(pulls.approve, 'reviews', { event: 'APPROVE' });
    expect(response.statusCode, response.body).toBe(200);
    const result = dataOf(response, pullRequestActionResultSchema);
    expect(result).toMatchObject({ action: 'approve', sha: null });
    expect(result.pullRequest).toMatchObject({ number: pulls.approve.number, review: 'approved' });
    const reviews = website().history.data.reviews.filter(
      (r) => r.pullNumber === pulls.approve.number,
    );
    expect(reviews.map((r) => [r.state, r.userId])).toEqual([['APPROVED', accountId('octocat')]]);
    const after = await listed('needs_my_review');
    expect(after.some((p) => p.number === pulls.approve.number)).toBe(false);
    // The open pages hear of it at once (SSE), not at the next sync.
    const announced = (await liveEvents())
      .slice(eventsBefore)
      .map((e): unknown => JSON.parse(e.payload));
    expect(announced).toContainEqual(
      expect.objectContaining({ resources: ['pull-requests'], repository: REPO }),
    );
    expect((await shown(pulls.approve))?.review).toBe('approved');
    const entries = await audits('github.pull.review');
    expect(entries).toContainEqual(
      expect.objectContaining({
        outcome: 'success',
        target_label: `${REPO}#${pulls.approve.number}`,
      }),
    );
  });

  it('requests changes with a comment; refuses it without one (400 naming body)', async () => {
    const bare = await post(pulls.changes, 'reviews', { event: 'REQUEST_CHANGES' });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('body');
    const response = await post(pulls.changes, 'reviews', {
      event: 'REQUEST_CHANGES',
      body: 'Please add a test for the empty list.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = dataOf(response, pullRequestActionResultSchema);
    expect(result.pullRequest.review).toBe('changes_requested');
    const review = website().history.data.reviews.find(
      (r) => r.pullNumber === pulls.changes.number,
    );
    expect(review).toMatchObject({
      state: 'CHANGES_REQUESTED',
      body: 'Please add a test for the empty list.',
    });
  });

  it("refuses a review of the person's own pull request before GitHub, and audits the refusal", async () => {
    emulator.handle.requestLog.clear();
    const response = await post(pulls.own, 'reviews', { event: 'APPROVE' });
    expect(response.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(response.json()).message).toBe(messages.ownPullRequest);
    expect(githubWrites()).toEqual([]);
    const entries = await audits('github.pull.review');
    expect(entries.some((e) => e.outcome === 'refused')).toBe(true);
  });

  it('requests a person and a team; refuses someone who is not a collaborator with GitHub’s reason', async () => {
    const response = await post(pulls.own, 'requested-reviewers', {
      reviewers: ['monalisa'],
      teamReviewers: ['web'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf(response, pullRequestActionResultSchema).action).toBe('requestReviewers');
    const pull = website().history.pull(pulls.own.number);
    expect(pull?.requestedReviewerIds).toContain(accountId('monalisa'));
    const web = emulator.handle.world.team('shipdeck-labs', 'web');
    expect(pull?.requestedTeamIds).toContain(web?.id);
    const stored = await t.database.db
      .selectFrom('github_pull_requests')
      .select('requested_reviewers')
      .where('number', '=', pulls.own.number)
      .where('html_url', 'like', `%${REPO}/pull/%`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.requested_reviewers)).toContain('monalisa');

    const stranger = await post(pulls.own, 'requested-reviewers', { reviewers: ['zoe-unicode'] });
    expect(stranger.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(stranger.json()).message).toContain(
      'Reviews may only be requested from collaborators',
    );
    const entries = await audits('github.pull.request-reviewers');
    expect(entries.map((e) => e.outcome).sort()).toEqual(['refused', 'success']);
  });

  it('lists reviewer candidates as the person types: people on Shipdeck first, never the author', async () => {
    const get = async (q: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${url(pulls.approve, 'reviewer-candidates')}?q=${encodeURIComponent(q)}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return dataOf(response, reviewerCandidatesResultSchema);
    };
    const all = await get('');
    expect(all.users.map((u) => [u.login, u.onShipdeck])).toEqual([
      ['octocat', true],
      ['monalisa', false],
    ]);
    expect(all.teams.map((team) => team.slug).sort()).toEqual(['platform', 'web']);
    expect(all.teams.every((team) => team.org === 'shipdeck-labs')).toBe(true);
    const typed = await get('MON');
    expect(typed.users.map((u) => u.login)).toEqual(['monalisa']);
    expect(typed.teams).toEqual([]);
    expect((await get('we')).teams.map((team) => team.slug)).toEqual(['web']);
  });

  it('re-runs failed GitHub Actions jobs: "re-running" at once, the new results by webhook', async () => {
    expect((await shown(pulls.actions))?.checks).toBe('failing');
    emulator.handle.requestLog.clear();
    // Slow enough that the list is read before the new results come.
    emulator.handle.setCheckReruns({ stepMs: 400 });
    const response = await post(pulls.actions, 'rerun-failed-checks');
    expect(response.statusCode, response.body).toBe(200);
    const result = dataOf(response, rerunFailedChecksResultSchema);
    expect(result.rerun).toEqual([expect.objectContaining({ kind: 'actions-run', name: 'CI' })]);
    expect(result.notRerunnable).toEqual([]);
    expect(await shown(pulls.actions)).toMatchObject({ checks: 'failing', checksRerunning: true });
    emulator.handle.setCheckReruns({ stepMs: 40 });
    expect(githubWrites()).toEqual([
      `POST /api/v3/repos/${REPO}/actions/runs/${result.rerun[0]?.id}/rerun-failed-jobs`,
    ]);
    const passed = await eventually(
      pulls.actions,
      (p) => p.checks === 'passing' && p.checksRerunning === false,
    );
    expect(passed.checks).toBe('passing');
    const entries = await audits('github.pull.rerun-failed-checks');
    expect(entries).toContainEqual(expect.objectContaining({ outcome: 'success' }));
  });

  it("rerequests another app's check suite; the failed commit status is named as not re-runnable", async () => {
    emulator.handle.setCheckReruns({ conclusion: 'failure' });
    const response = await post(pulls.suite, 'rerun-failed-checks');
    expect(response.statusCode, response.body).toBe(200);
    const result = dataOf(response, rerunFailedChecksResultSchema);
    expect(result.rerun).toEqual([
      expect.objectContaining({ kind: 'check-suite', name: 'Vercel' }),
    ]);
    expect(result.notRerunnable).toEqual([{ context: 'ci/circleci: build' }]);
    expect((await shown(pulls.suite))?.checksRerunning).toBe(true);
    const settled = await eventually(pulls.suite, (p) => p.checksRerunning === false);
    expect(settled.checks).toBe('failing');
    emulator.handle.setCheckReruns({ conclusion: 'success' });
  });

  it('only a failed commit status: nothing started, the status listed; no failed checks is 409', async () => {
    const response = await post(pulls.classic, 'rerun-failed-checks');
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf(response, rerunFailedChecksResultSchema)).toEqual({
      rerun: [],
      notRerunnable: [{ context: 'ci/circleci: build' }],
    });
    expect((await shown(pulls.classic))?.checksRerunning).toBe(false);
    const none = await post(pulls.own, 'rerun-failed-checks');
    expect(none.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(none.json()).message).toBe(messages.noFailedChecks);
  });

  it('the next sync ends "re-running" when no webhook came', async () => {
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    // A re-run asked for a minute ago whose results never came by webhook.
    const row = await t.database.db
      .selectFrom('github_pull_requests')
      .select(['id', 'repository_id'])
      .where('number', '=', pulls.classic.number)
      .where('html_url', 'like', `%${REPO}/pull/%`)
      .executeTakeFirstOrThrow();
    await markChecksRerun(t.database.db, row, new Date(Date.now() - 60_000).toISOString());
    expect((await shown(pulls.classic))?.checksRerunning).toBe(true);
    // A sync already queued for the person (webhooks queue refreshes) takes the request in.
    for (let i = 0; i < 20 && (await shown(pulls.classic))?.checksRerunning !== false; i++) {
      await requestGithubSync(t.app, userId, 'refresh');
      await t.app.jobs.drain();
      await sleep(100);
    }
    expect(await shown(pulls.classic)).toMatchObject({ checks: 'failing', checksRerunning: false });
  });

  it('names the missing scope or permission, and refuses read-only access before GitHub', async () => {
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const useToken = async (githubToken: string) => {
      await t.database.db
        .updateTable('provider_tokens')
        .set({ token_sealed: t.app.secrets.seal(githubToken) })
        .where('user_id', '=', userId)
        .where('provider', '=', 'github')
        .execute();
    };
    const original = await t.database.db
      .selectFrom('provider_tokens')
      .select('token_sealed')
      .where('user_id', '=', userId)
      .where('provider', '=', 'github')
      .executeTakeFirstOrThrow();

    await useToken(emulator.handle.createGithubToken('octocat', ['read:user']));
    const classic = await post(pulls.scopes, 'reviews', { event: 'APPROVE' });
    expect(classic.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(classic.json()).message).toBe(messages.missingScopeClassic);

    await useToken(
      emulator.handle.createGithubToken('octocat', ['pull_requests:write'], { fineGrained: true }),
    );
    const fineGrained = await post(pulls.scopes, 'rerun-failed-checks');
    expect(fineGrained.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(fineGrained.json()).message).toBe(
      `${messages.missingPermission} Actions: write.`,
    );
    await t.database.db
      .updateTable('provider_tokens')
      .set({ token_sealed: original.token_sealed })
      .where('user_id', '=', userId)
      .where('provider', '=', 'github')
      .execute();

    // What a sync stores for someone GitHub gives read access only (`permissions.push` false).
    const repository = await t.database.db
      .selectFrom('github_repositories')
      .select('id')
      .where('full_name', '=', REPO)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('github_repository_access')
      .set({ can_push: 0 })
      .where('user_id', '=', userId)
      .where('repository_id', '=', repository.id)
      .execute();
    emulator.handle.requestLog.clear();
    const readOnly = await post(pulls.scopes, 'reviews', { event: 'APPROVE' });
    expect(readOnly.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(readOnly.json()).message).toBe(messages.readOnly);
    expect(githubWrites()).toEqual([]);
    const entries = await audits('github.pull.review');
    expect(entries.filter((e) => e.outcome === 'refused').length).toBeGreaterThanOrEqual(3);
    await t.database.db
      .updateTable('github_repository_access')
      .set({ can_push: null })
      .where('user_id', '=', userId)
      .where('repository_id', '=', repository.id)
      .execute();
  });
});
