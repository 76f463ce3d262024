import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pull } from '@shipdeck/emulator/data/model';
import { errorEnvelopeSchema } from '@shipdeck/shared/api-envelope';
import {
  pullRequestActionMessages as messages,
  pullRequestActionResultSchema,
  pullRequestActionsSchema,
} from '@shipdeck/shared/pull-request-actions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, dataOf, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { drainUntil, mailTo, useMailbox } from '../../../test-mail.js';
import { githubSecret, vercelSecret } from '../../webhooks/__tests__/webhook-fixtures.js';

// Merge and merge when ready against the emulator (issue 37): each method, GitHub's 405/409/422,
// missing scopes, read-only access, two concurrent merges, a 502 mid-merge, auto-merge on and off
// and completing later, the audit entries and the actions answer. The emulator's webhooks reach
// the app through a small HTTP bridge, as production's would.

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 1 });

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

function orgRepo(name: string) {
  const found = emulator.handle.world.lookupRepo('shipdeck-labs', name);
  if (!found || !('repo' in found)) throw new Error(`shipdeck-labs/${name} missing`);
  return { repo: found.repo, history: emulator.handle.world.history(found.repo.id) };
}

function accountId(login: string): number {
  const account = emulator.handle.world.account(login);
  if (!account) throw new Error(`no account ${login}`);
  return account.id;
}

/** A new open pull request of shipdeck-labs/<name> by hubot, asking octocat to review. */
async function openPull(name: string, text: string): Promise<Pull> {
  const result = await emulator.handle.triggerActivity({
    kind: 'pull_request.opened',
    repo: `shipdeck-labs/${name}`,
    text,
    waitForDeployment: false,
  });
  const pull = orgRepo(name).history.pull(result.pullNumber ?? -1);
  if (!pull) throw new Error('no pull request opened');
  pull.userId = accountId('hubot');
  pull.requestedReviewerIds = [accountId('octocat')];
  pull.mergeabilityComputed = true;
  emulator.handle.world.touch();
  return pull;
}

/** A passing `build` check on the head: what platform's branch protection requires. */
function passBuild(name: string, pull: Pull): void {
  const { history } = orgRepo(name);
  const at = new Date().toISOString();
  const id = history.nextId();
  history.data.checkRuns.push({
    id,
    headSha: pull.headSha,
    name: 'build',
    status: 'completed',
    conclusion: 'success',
    startedAt: at,
    completedAt: at,
    title: null,
    summary: null,
    app: 'github-actions',
    checkSuiteId: id,
    detailsUrl: null,
  });
  emulator.handle.world.touch();
}

describe.each(testDialects)('merge and merge when ready on %s', (dialect) => {
  const mailbox = useMailbox();
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
    webhooks: { githubSecret, vercelSecret, perMinute: 10_000 },
    mail: mailbox.mail,
  });
  let token = '';
  const pulls = {} as Record<
    | 'merge'
    | 'squash'
    | 'rebase'
    | 'moved'
    | 'refused'
    | 'twice'
    | 'readBack'
    | 'lost'
    | 'scopes'
    | 'blocked'
    | 'auto'
    | 'readOnly',
    Pull
  >;

  beforeAll(async () => {
    current = t.app;
    for (const key of ['merge', 'squash', 'rebase', 'moved', 'refused', 'twice'] as const)
      pulls[key] = await openPull('design-system', `Merge test ${key}`);
    for (const key of ['readBack', 'lost', 'scopes'] as const)
      pulls[key] = await openPull('design-system', `Merge test ${key}`);
    pulls.blocked = await openPull('platform', 'Blocked by review');
    passBuild('platform', pulls.blocked);
    pulls.auto = await openPull('platform', 'Merge when ready');
    passBuild('platform', pulls.auto);
    pulls.readOnly = await openPull('website', 'Read only');
    token = await signInWithGithub(t.app, 'octocat');
    // The first sync reads the pull requests 100 at a time: wait until it stored every head,
    // review state and website's merge settings.
    const ids = Object.values(pulls).map((pull) => pull.id);
    for (let i = 0; i < 100; i++) {
      await t.app.jobs.drain();
      const stored = await t.database.db
        .selectFrom('github_pull_requests')
        .select('id')
        .where('id', 'in', ids)
        .where('head_sha', 'is not', null)
        .where('review_state', 'is not', null)
        .execute();
      const settings = await t.database.db
        .selectFrom('github_repositories')
        .select('allow_squash_merge')
        .where('full_name', '=', 'shipdeck-labs/website')
        .executeTakeFirst();
      // The ship-state pass reads the merge settings too (a REST fallback under load does not).
      if (stored.length === ids.length && settings?.allow_squash_merge != null) break;
      await sleep(100);
    }
    await t.database.db
      .updateTable('users')
      .set({ pref_email_notifications: 1, pref_email_review_verdict: 1 })
      .where('github_login', '=', 'octocat')
      .execute();
  });
  afterAll(() => {
    current = null;
  });

  const url = (repo: string, pull: Pull, rest: string) =>
    `/api/github/repos/shipdeck-labs/${repo}/pulls/${pull.number}/${rest}`;
  const send = (method: 'POST' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: path,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
  const merge = (pull: Pull, method: string, repo = 'design-system', sha = pull.headSha) =>
    send('POST', url(repo, pull, 'merge'), { method, expectedHeadSha: sha });
  const messageOf = (response: { json: () => unknown }) =>
    errorEnvelopeSchema.parse(response.json()).message;
  const actions = async (repo: string, pull: Pull) => {
    const response = await t.app.inject({
      method: 'GET',
      url: url(repo, pull, 'actions'),
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf(response, pullRequestActionsSchema);
  };
  const mergeCalls = (pull: Pull) =>
    emulator.handle.requestLog
      .list({ area: 'github' })
      .filter((e) => e.method === 'PUT' && e.url.includes(`/pulls/${pull.number}/merge`)).length;
  const audits = (action: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['outcome', 'target_label', 'details'])
      .where('action', '=', action as never)
      .execute();
  const storedRow = (pull: Pull) =>
    t.database.db
      .selectFrom('github_pull_requests')
      .select(['state', 'merged_at', 'auto_merge_method', 'auto_merge_enabled_by'])
      .where('id', '=', pull.id)
      .executeTakeFirstOrThrow();

  it('answers the actions from the store: methods, push access, what is available', async () => {
    const answer = await actions('design-system', pulls.merge);
    expect(answer).toMatchObject({
      repository: 'shipdeck-labs/design-system',
      number: pulls.merge.number,
      state: 'open',
      merged: false,
      viewerIsAuthor: false,
      canPush: true,
      archived: false,
      mergeMethods: ['merge', 'squash', 'rebase'],
      lastMergeMethod: null,
      autoMerge: null,
      headSha: pulls.merge.headSha,
    });
    expect(answer.available).toMatchObject({
      merge: true,
      approve: true,
      requestChanges: true,
      requestReviewers: true,
      rerunFailedChecks: false,
    });
    expect(answer.autoMergeAllowed).toBe(false);
    // The sync read each repository's settings through GraphQL: website allows squash only.
    const squashOnly = await actions('website', pulls.readOnly);
    expect(squashOnly).toMatchObject({ mergeMethods: ['squash'], autoMergeAllowed: true });
    const refused = await merge(pulls.readOnly, 'merge', 'website');
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(messages.methodNotAllowed);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/github/repos/shipdeck-labs/design-system/pulls/99999/actions',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('merges with each method: GitHub merged it, the row closed at once, the method remembered', async () => {
    for (const method of ['merge', 'squash', 'rebase'] as const) {
      const pull = pulls[method];
      const response = await merge(pull, method);
      expect(response.statusCode, response.body).toBe(200);
      const result = dataOf(response, pullRequestActionResultSchema);
      expect(result.action).toBe('merge');
      expect(result.pullRequest).toMatchObject({ number: pull.number, state: 'closed' });
      expect(result.pullRequest.merged).toBe(true);
      expect(result.pullRequest.stage).toBe('merged');
      expect(pull.state).toBe('closed');
      expect(result.sha).toBe(pull.mergeCommitSha);
      expect(orgRepo('design-system').history.branch('main')?.sha).toBe(pull.mergeCommitSha);
      expect((await storedRow(pull)).merged_at).not.toBeNull();
      expect((await actions('design-system', pull)).lastMergeMethod).toBe(method);
    }
    const entries = await audits('github.pull.merge');
    expect(entries).toContainEqual(
      expect.objectContaining({
        outcome: 'success',
        target_label: `shipdeck-labs/design-system#${pulls.squash.number}`,
      }),
    );
    const closed = await merge(pulls.merge, 'merge');
    expect(closed.statusCode).toBe(409);
    expect(messageOf(closed)).toBe(messages.notOpen);
  });

  it('405: says why GitHub refused (a missing approval); 409: the head moved; 422', async () => {
    const blocked = await merge(pulls.blocked, 'squash', 'platform');
    expect(blocked.statusCode).toBe(409);
    expect(messageOf(blocked)).toBe(
      `${messages.notMergeable} At least 1 approving review is required by reviewers with write access.`,
    );
    const moved = await merge(pulls.moved, 'merge', 'design-system', 'a'.repeat(40));
    expect(moved.statusCode).toBe(409);
    expect(messageOf(moved)).toBe(messages.headMoved);
    emulator.handle.faults.add({
      area: 'github',
      method: 'PUT',
      pathPattern: `/pulls/${pulls.refused.number}/merge$`,
      errorRate: 1,
      errorStatus: 422,
      times: 1,
    });
    const unprocessable = await merge(pulls.refused, 'merge');
    expect(unprocessable.statusCode).toBe(422);
    expect(messageOf(unprocessable).startsWith(messages.unprocessable)).toBe(true);
    for (const pull of [pulls.blocked, pulls.moved, pulls.refused]) expect(pull.state).toBe('open');
    const refused = (await audits('github.pull.merge')).filter((e) => e.outcome === 'refused');
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.map((e) => JSON.parse(e.details) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ githubStatus: 405, method: 'squash' }),
    );
  });

  it('two concurrent merges make one: GitHub sees one merge, the other is refused', async () => {
    const before = mergeCalls(pulls.twice);
    const responses = await Promise.all([
      merge(pulls.twice, 'squash'),
      merge(pulls.twice, 'squash'),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refusal = responses.find((r) => r.statusCode === 409);
    expect([messages.busy, messages.notOpen]).toContain(refusal ? messageOf(refusal) : '');
    expect(mergeCalls(pulls.twice) - before).toBe(1);
  });

  it('a 502 mid-merge: reads the pull request back, success only when GitHub says merged', async () => {
    emulator.handle.faults.add({
      area: 'github',
      method: 'PUT',
      pathPattern: `/pulls/${pulls.readBack.number}/merge$`,
      errorRate: 1,
      errorStatus: 502,
      afterHandler: true,
      times: 1,
    });
    const merged = await merge(pulls.readBack, 'merge');
    expect(merged.statusCode, merged.body).toBe(200);
    expect(dataOf(merged, pullRequestActionResultSchema).pullRequest.merged).toBe(true);
    const [entry] = (await audits('github.pull.merge')).filter((e) =>
      e.target_label?.endsWith(`#${pulls.readBack.number}`),
    );
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({ readBack: true });

    emulator.handle.faults.add({
      area: 'github',
      method: 'PUT',
      pathPattern: `/pulls/${pulls.lost.number}/merge$`,
      errorRate: 1,
      errorStatus: 502,
      times: 1,
    });
    const lost = await merge(pulls.lost, 'merge');
    expect(lost.statusCode).toBe(502);
    expect(messageOf(lost)).toBe(messages.unavailable);
    expect(pulls.lost.state).toBe('open');
    expect((await storedRow(pulls.lost)).merged_at).toBeNull();
    expect(
      (await audits('github.pull.merge')).find((e) =>
        e.target_label?.endsWith(`#${pulls.lost.number}`),
      )?.outcome,
    ).toBe('failed');
  });

  it('names the missing scope (classic) or permission (fine-grained); read-only is refused first', async () => {
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const original = await t.database.db
      .selectFrom('provider_tokens')
      .select('token_sealed')
      .where('user_id', '=', userId)
      .where('provider', '=', 'github')
      .executeTakeFirstOrThrow();
    const useSealed = (sealed: string) =>
      t.database.db
        .updateTable('provider_tokens')
        .set({ token_sealed: sealed })
        .where('user_id', '=', userId)
        .where('provider', '=', 'github')
        .execute();
    try {
      await useSealed(
        t.app.secrets.seal(emulator.handle.createGithubToken('octocat', ['read:user'])),
      );
      const classic = await merge(pulls.scopes, 'merge');
      expect(classic.statusCode).toBe(403);
      expect(messageOf(classic)).toBe(messages.missingScopeClassic);
      await useSealed(
        t.app.secrets.seal(
          emulator.handle.createGithubToken('octocat', ['pull_requests:write'], {
            fineGrained: true,
          }),
        ),
      );
      const fineGrained = await merge(pulls.scopes, 'merge');
      expect(fineGrained.statusCode).toBe(403);
      expect(messageOf(fineGrained)).toBe(`${messages.missingPermission} Contents: write.`);
      expect(pulls.scopes.state).toBe('open');
    } finally {
      await useSealed(original.token_sealed);
    }

    const { repo } = orgRepo('website');
    await t.database.db
      .updateTable('github_repository_access')
      .set({ can_push: 0 })
      .where('user_id', '=', userId)
      .where('repository_id', '=', repo.id)
      .execute();
    const answer = await actions('website', pulls.readOnly);
    expect(answer.canPush).toBe(false);
    expect(Object.values(answer.available).every((available) => !available)).toBe(true);
    const before = mergeCalls(pulls.readOnly);
    const refused = await merge(pulls.readOnly, 'squash', 'website');
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(messages.readOnly);
    expect(mergeCalls(pulls.readOnly)).toBe(before);
  });

  it('auto-merge: on and off through GraphQL, then GitHub merges it once approved', async () => {
    const on = await send('POST', url('platform', pulls.auto, 'auto-merge'), { method: 'squash' });
    expect(on.statusCode, on.body).toBe(200);
    const enabled = dataOf(on, pullRequestActionResultSchema);
    expect(enabled.action).toBe('autoMerge');
    // The row shows it while on (the lists' ship status carries autoMerge).
    expect(enabled.pullRequest.autoMerge).toMatchObject({ method: 'squash', enabledBy: 'octocat' });
    expect(pulls.auto.autoMerge).toMatchObject({ mergeMethod: 'squash' });
    expect(await storedRow(pulls.auto)).toMatchObject({
      auto_merge_method: 'squash',
      auto_merge_enabled_by: 'octocat',
    });
    expect((await actions('platform', pulls.auto)).autoMerge).toMatchObject({
      method: 'squash',
      enabledBy: 'octocat',
    });
    const off = await send('DELETE', url('platform', pulls.auto, 'auto-merge'));
    expect(off.statusCode, off.body).toBe(200);
    expect(pulls.auto.autoMerge ?? null).toBeNull();
    expect(dataOf(off, pullRequestActionResultSchema).pullRequest.autoMerge).toBeNull();
    expect((await storedRow(pulls.auto)).auto_merge_method).toBeNull();
    const again = await send('POST', url('platform', pulls.auto, 'auto-merge'), {
      method: 'squash',
    });
    expect(again.statusCode, again.body).toBe(200);
    const entries = await audits('github.pull.auto-merge');
    expect(entries.filter((e) => e.outcome === 'success')).toHaveLength(3);

    // monalisa approves on GitHub: it becomes mergeable and GitHub merges it as octocat.
    const review = await fetch(
      `${emulator.handle.githubApiUrl}/repos/shipdeck-labs/platform/pulls/${pulls.auto.number}/reviews`,
      {
        method: 'POST',
        headers: {
          authorization: 'Bearer ghp_emu_monalisa',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ event: 'APPROVE' }),
      },
    );
    expect(review.status).toBe(200);
    for (let i = 0; i < 100 && (await storedRow(pulls.auto)).merged_at === null; i++)
      await sleep(50);
    expect(pulls.auto.state).toBe('closed');
    expect((await storedRow(pulls.auto)).merged_at).not.toBeNull();

    // The person who turned it on hears it: an inbox item, and an email with mail on.
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    const autoMerged = () =>
      t.database.db
        .selectFrom('notifications')
        .select(['type', 'title'])
        .where('user_id', '=', userId)
        .where('type', '=', 'auto-merged')
        .execute();
    for (let i = 0; i < 60 && (await autoMerged()).length === 0; i++) {
      await t.app.jobs.drain();
      await sleep(50);
    }
    const items = await autoMerged();
    expect(items).toEqual([{ type: 'auto-merged', title: 'Merged when ready: Merge when ready' }]);
    const { email } = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(mailbox.receiver, email).some((m) => m.subject.startsWith('Merged when ready')),
    );
  });
});
