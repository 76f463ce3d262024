import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pull, Repo } from '../data/model.js';
import type { RepoHistory } from '../data/repo-history.js';
import type { EmulatorHandle } from '../start-emulator.js';
import { admin, githubGet, githubSend, obj, startTestEmulator } from '../testing/test-emulator.js';
import { componentValidator, responseValidator, schemaErrors } from '../testing/test-openapi.js';

// Issue 37's merge and merge when ready: PUT …/pulls/{n}/merge with each method and GitHub's
// 405/409/422, branch protection, the repository's merge settings in REST and GraphQL, the
// auto-merge mutations and a pull request merging itself once approved; answers and webhooks
// checked against @octokit/openapi.

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
  emulator = await startTestEmulator({ warmUp: false, webhooks: { github: [{ url }] } });
});

afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const token = (login: string): string => `ghp_emu_${login}`;

function orgRepo(name: string): { repo: Repo; history: RepoHistory } {
  const found = emulator.world.lookupRepo('shipdeck-labs', name);
  if (!found || !('repo' in found)) throw new Error(`no ${name}`);
  return { repo: found.repo, history: emulator.world.history(found.repo.id) };
}

/** A new pull request of `shipdeck-labs/<name>`, opened by live activity (its webhooks sent). */
async function openPull(name: string): Promise<Pull> {
  const result = await emulator.triggerActivity({
    kind: 'pull_request.opened',
    repo: `shipdeck-labs/${name}`,
    waitForDeployment: false,
  });
  const pull = orgRepo(name).history.pull(result.pullNumber ?? -1);
  if (!pull) throw new Error(`no pull request opened in ${name}`);
  pull.mergeabilityComputed = true;
  emulator.world.touch();
  return pull;
}

/** A completed `build` check run on the pull request's head. */
function build(name: string, pull: Pull, conclusion: 'success' | 'failure'): void {
  const { history } = orgRepo(name);
  const now = new Date().toISOString();
  history.data.checkRuns.push({
    id: history.nextId(),
    headSha: pull.headSha,
    name: 'build',
    status: 'completed',
    conclusion,
    startedAt: now,
    completedAt: now,
    title: null,
    summary: null,
    app: 'github-actions',
    checkSuiteId: history.nextId(),
    detailsUrl: null,
  });
  emulator.world.touch();
}

/** Approves as monalisa, or as hubot when monalisa wrote it. */
async function approve(name: string, pull: Pull): Promise<void> {
  const author = emulator.world.accounts.get(pull.userId)?.login;
  const answer = await githubSend(
    emulator,
    'POST',
    `/repos/shipdeck-labs/${name}/pulls/${pull.number}/reviews`,
    { event: 'APPROVE' },
    token(author === 'monalisa' ? 'hubot' : 'monalisa'),
  );
  expect(answer.status, answer.text).toBe(200);
}

async function webhook(
  test: (delivery: { event: string; body: Record<string, unknown> }) => boolean,
): Promise<{ event: string; body: Record<string, unknown> }> {
  for (let i = 0; i < 300; i++) {
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

const MERGE_PATH = '/repos/{owner}/{repo}/pulls/{pull_number}/merge';

/** GitHub adds `status` to error bodies since 2024 (PROVIDERS.md §11); the spec predates it. */
function declared(body: unknown): Record<string, unknown> {
  const copy = { ...obj(body) };
  expect(copy.status).toMatch(/^\d{3}$/);
  delete copy.status;
  return copy;
}

async function graphql(
  query: string,
  variables: Record<string, unknown>,
  login = 'octocat',
): Promise<Record<string, unknown>> {
  const response = await fetch(`${emulator.url}/api/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token(login)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  return obj(await response.json());
}

const nodeIdOf = (pull: Pull): string =>
  Buffer.from(`0${'PullRequest'.length}:PullRequest${pull.id}`).toString('base64');

describe('merge settings', () => {
  it('REST shows allow_* to admins only; GraphQL shows them and the viewer permission to readers', async () => {
    const asAdmin = obj((await githubGet(emulator, '/repos/shipdeck-labs/website')).json);
    // octocat is the organisation's first member, so its admin in the emulated world.
    expect(asAdmin).toMatchObject({
      allow_merge_commit: false,
      allow_squash_merge: true,
      allow_rebase_merge: false,
      allow_auto_merge: true,
    });
    const asWriter = obj(
      (await githubGet(emulator, '/repos/shipdeck-labs/website', token('monalisa'))).json,
    );
    expect(asWriter.allow_squash_merge).toBeUndefined();
    expect(obj(asWriter.permissions).push).toBe(true);
    const answer = await graphql(
      `
        query {
          repository(owner: "shipdeck-labs", name: "website") {
            mergeCommitAllowed
            squashMergeAllowed
            rebaseMergeAllowed
            autoMergeAllowed
            viewerPermission
          }
        }
      `,
      {},
      'monalisa',
    );
    expect(obj(answer.data).repository).toEqual({
      mergeCommitAllowed: false,
      squashMergeAllowed: true,
      rebaseMergeAllowed: false,
      autoMergeAllowed: true,
      viewerPermission: 'WRITE',
    });
  });
});

describe('PUT …/pulls/{n}/merge', () => {
  it('refuses with 405 and GitHub’s reasons: approval, failing check, draft, conflict, method off', async () => {
    const missing = await openPull('platform');
    const unapproved = await openPull('platform');
    build('platform', unapproved, 'success');
    const failing = await openPull('platform');
    build('platform', failing, 'failure');
    const draft = await openPull('platform');
    draft.draft = true;
    const dirty = await openPull('platform');
    dirty.mergeableState = 'dirty';
    const squashOnly = await openPull('website');
    const cases: [string, Pull, string, string][] = [
      ['platform', missing, 'squash', 'Required status check "build" is expected.'],
      [
        'platform',
        unapproved,
        'squash',
        'At least 1 approving review is required by reviewers with write access.',
      ],
      ['platform', failing, 'squash', 'Required status check "build" is failing.'],
      ['platform', draft, 'merge', 'Pull Request is still a draft'],
      ['platform', dirty, 'merge', 'Pull Request is not mergeable'],
      ['website', squashOnly, 'merge', 'Merge commits are not allowed on this repository.'],
    ];
    for (const [repo, pull, method, message] of cases) {
      const answer = await githubSend(
        emulator,
        'PUT',
        `/repos/shipdeck-labs/${repo}/pulls/${pull.number}/merge`,
        { merge_method: method, sha: pull.headSha },
      );
      expect(answer.status, `${repo}#${pull.number}`).toBe(405);
      expect(obj(answer.json).message).toBe(message);
      expect(
        schemaErrors(responseValidator(MERGE_PATH, 'put', 405), declared(answer.json)),
      ).toEqual([]);
      expect(pull.state).toBe('open');
    }
  });

  it('answers 409 when the head moved, 422 for an unknown method', async () => {
    const pull = await openPull('design-system');
    const moved = await githubSend(
      emulator,
      'PUT',
      `/repos/shipdeck-labs/design-system/pulls/${pull.number}/merge`,
      { merge_method: 'merge', sha: '0'.repeat(40) },
    );
    expect(moved.status).toBe(409);
    expect(obj(moved.json).message).toBe(
      'Head branch was modified. Review and try the merge again.',
    );
    expect(schemaErrors(responseValidator(MERGE_PATH, 'put', 409), declared(moved.json))).toEqual(
      [],
    );
    const bad = await githubSend(
      emulator,
      'PUT',
      `/repos/shipdeck-labs/design-system/pulls/${pull.number}/merge`,
      { merge_method: 'octopus' },
    );
    expect(bad.status).toBe(422);
    expect(schemaErrors(responseValidator(MERGE_PATH, 'put', 422), bad.json)).toEqual([]);
    expect(pull.state).toBe('open');
  });

  it('refuses a fine-grained token without Contents: write, and read access', async () => {
    const pull = await openPull('design-system');
    const octocat = emulator.world.account('octocat');
    if (!octocat) throw new Error('no octocat');
    emulator.world.githubTokens.set('github_pat_emu_merge_prs_only', {
      token: 'github_pat_emu_merge_prs_only',
      accountId: octocat.id,
      scopes: ['pull_requests:write'],
      clientId: null,
      fineGrained: true,
    });
    const fineGrained = await githubSend(
      emulator,
      'PUT',
      `/repos/shipdeck-labs/design-system/pulls/${pull.number}/merge`,
      { merge_method: 'merge' },
      'github_pat_emu_merge_prs_only',
    );
    expect(fineGrained.status).toBe(403);
    expect(obj(fineGrained.json).message).toBe('Resource not accessible by personal access token');
    expect(fineGrained.headers.get('x-accepted-github-permissions')).toBe('contents=write');
    expect(fineGrained.headers.get('x-oauth-scopes')).toBeNull();
    // Someone outside the organisation reads the public repository only.
    const outsider = [...emulator.world.accounts.values()].find(
      (a) =>
        a.type === 'User' &&
        !emulator.world.account('shipdeck-labs')?.memberIds.includes(a.id) &&
        emulator.world.githubTokens.has(token(a.login)),
    );
    if (!outsider) throw new Error('no outsider');
    const readOnly = await githubSend(
      emulator,
      'PUT',
      `/repos/shipdeck-labs/design-system/pulls/${pull.number}/merge`,
      { merge_method: 'merge' },
      token(outsider.login),
    );
    expect(readOnly.status).toBe(403);
    expect(pull.state).toBe('open');
  });

  it('merges with each method: the commit on the base branch, the pull request closed, webhooks', async () => {
    const { history } = orgRepo('design-system');
    for (const method of ['merge', 'squash', 'rebase'] as const) {
      const pull = await openPull('design-system');
      const answer = await githubSend(
        emulator,
        'PUT',
        `/repos/shipdeck-labs/design-system/pulls/${pull.number}/merge`,
        { merge_method: method, sha: pull.headSha },
      );
      expect(answer.status, answer.text).toBe(200);
      expect(schemaErrors(responseValidator(MERGE_PATH, 'put', 200), answer.json)).toEqual([]);
      const body = obj(answer.json);
      expect(body).toMatchObject({ merged: true, message: 'Pull Request successfully merged' });
      const sha = String(body.sha);
      expect(history.branch(pull.baseRef)?.sha).toBe(sha);
      expect(history.commit(sha)?.parents).toHaveLength(method === 'merge' ? 2 : 1);
      const detail = obj(
        (await githubGet(emulator, `/repos/shipdeck-labs/design-system/pulls/${pull.number}`)).json,
      );
      expect(detail).toMatchObject({ state: 'closed', merged: true, merge_commit_sha: sha });
      expect(obj(detail.merged_by).login).toBe('octocat');
      const closed = await webhook(
        (d) =>
          d.event === 'pull_request' &&
          d.body.action === 'closed' &&
          obj(d.body.pull_request).number === pull.number,
      );
      expect(obj(closed.body.pull_request).merged).toBe(true);
      expect(webhookErrors(closed.event, closed.body)).toEqual([]);
      await webhook((d) => d.event === 'push' && d.body.after === sha);
      const again = await githubSend(
        emulator,
        'PUT',
        `/repos/shipdeck-labs/design-system/pulls/${pull.number}/merge`,
        { merge_method: method },
      );
      expect(again.status).toBe(405);
    }
  });

  it('with a fault after the handler: answers 502, yet the merge happened', async () => {
    const pull = await openPull('design-system');
    await admin(emulator, 'POST', '/faults', {
      area: 'github',
      method: 'PUT',
      pathPattern: '/pulls/\\d+/merge$',
      errorRate: 1,
      errorStatus: 502,
      afterHandler: true,
      times: 1,
    });
    const answer = await githubSend(
      emulator,
      'PUT',
      `/repos/shipdeck-labs/design-system/pulls/${pull.number}/merge`,
      { merge_method: 'squash' },
    );
    expect(answer.status).toBe(502);
    expect(pull.state).toBe('closed');
    expect(pull.mergedAt).not.toBeNull();
  });
});

describe('auto-merge', () => {
  const ENABLE = `mutation($id: ID!, $method: PullRequestMergeMethod) {
    enablePullRequestAutoMerge(input: {pullRequestId: $id, mergeMethod: $method}) {
      pullRequest { number autoMergeRequest { mergeMethod enabledAt enabledBy { login } } }
    }
  }`;
  const DISABLE = `mutation($id: ID!) {
    disablePullRequestAutoMerge(input: {pullRequestId: $id}) { pullRequest { autoMergeRequest { mergeMethod } } }
  }`;

  it('refuses where GitHub does: not allowed, already clean', async () => {
    const notAllowed = await graphql(ENABLE, {
      id: nodeIdOf(await openPull('design-system')),
      method: 'MERGE',
    });
    expect(obj(notAllowed.data).enablePullRequestAutoMerge).toBeNull();
    expect(notAllowed.errors).toEqual([
      expect.objectContaining({
        type: 'UNPROCESSABLE',
        message: 'Pull request Auto merge is not allowed for this repository',
      }),
    ]);
    const clean = await openPull('platform');
    build('platform', clean, 'success');
    await approve('platform', clean);
    const answer = await graphql(ENABLE, { id: nodeIdOf(clean), method: 'MERGE' });
    expect(answer.errors).toEqual([
      expect.objectContaining({ message: 'Pull request Pull request is in clean status' }),
    ]);
  });

  it('turns on and off with webhooks, and merges once an approval makes it mergeable', async () => {
    const pull = await openPull('platform');
    build('platform', pull, 'success');
    const on = await graphql(ENABLE, { id: nodeIdOf(pull), method: 'SQUASH' });
    expect(on.errors).toBeUndefined();
    expect(
      obj(obj(obj(on.data).enablePullRequestAutoMerge).pullRequest).autoMergeRequest,
    ).toMatchObject({
      mergeMethod: 'SQUASH',
      enabledBy: { login: 'octocat' },
    });
    const rest = obj(
      (await githubGet(emulator, `/repos/shipdeck-labs/platform/pulls/${pull.number}`)).json,
    );
    expect(obj(rest.auto_merge)).toMatchObject({
      merge_method: 'squash',
      enabled_by: { login: 'octocat' },
    });
    expect(schemaErrors(componentValidator('auto-merge'), rest.auto_merge)).toEqual([]);
    const enabled = await webhook(
      (d) => d.body.action === 'auto_merge_enabled' && d.body.number === pull.number,
    );
    expect(webhookErrors(enabled.event, enabled.body)).toEqual([]);

    const off = await graphql(DISABLE, { id: nodeIdOf(pull) });
    expect(
      obj(obj(obj(off.data).disablePullRequestAutoMerge).pullRequest).autoMergeRequest,
    ).toBeNull();
    const disabled = await webhook(
      (d) => d.body.action === 'auto_merge_disabled' && d.body.number === pull.number,
    );
    expect(webhookErrors(disabled.event, disabled.body)).toEqual([]);

    await graphql(ENABLE, { id: nodeIdOf(pull), method: 'SQUASH' });
    await approve('platform', pull);
    const closed = await webhook(
      (d) =>
        d.event === 'pull_request' &&
        d.body.action === 'closed' &&
        obj(d.body.pull_request).number === pull.number,
    );
    expect(obj(closed.body.pull_request).merged).toBe(true);
    expect(obj(obj(closed.body.pull_request).merged_by).login).toBe('octocat');
    expect(pull.state).toBe('closed');
  });
});
