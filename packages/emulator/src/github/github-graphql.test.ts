import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pull } from '../data/model.js';
import type { RepoHistory } from '../data/repo-history.js';
import type { EmulatorHandle } from '../start-emulator.js';
import { admin, arr, githubGet, obj, startTestEmulator } from '../testing/test-emulator.js';

// POST /graphql and GHES's /api/graphql: the bulk ship-status queries Shipdeck sends.

let emulator: EmulatorHandle;
let history: RepoHistory;
let repoName = '';

beforeAll(async () => {
  emulator = await startTestEmulator();
  // The demo user's repository with the most open pull requests, so paging has pages to turn.
  let most = -1;
  for (const repo of emulator.world.repos.values()) {
    if (emulator.world.ownerOf(repo).login !== 'octocat') continue;
    const candidate = emulator.world.history(repo.id);
    const open = candidate.data.pulls.filter((pull) => pull.state === 'open').length;
    if (open > most) {
      most = open;
      history = candidate;
      repoName = repo.name;
    }
  }
});
afterAll(() => emulator.close());

async function graphql(
  query: string,
  options: { token?: string | null; path?: string; variables?: Record<string, unknown> } = {},
) {
  const token = options.token === undefined ? emulator.demo.githubToken : options.token;
  const response = await fetch(`${emulator.url}${options.path ?? '/api/graphql'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'shipdeck-tests',
      ...(token === null ? {} : { authorization: `bearer ${token}` }),
    },
    body: JSON.stringify({ query, variables: options.variables ?? {} }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: JSON.parse(text) as unknown };
}

const PULL_FIELDS =
  'number headRefOid reviewDecision commits(last: 1) { nodes { commit { oid statusCheckRollup { state } } } }';

/** Review and checks read through REST, the way Shipdeck's fallback derives them. */
async function restShipState(pull: Pull): Promise<{ review: string; checks: string | null }> {
  const base = `/repos/octocat/${repoName}`;
  const reviews = arr((await githubGet(emulator, `${base}/pulls/${pull.number}/reviews`)).json);
  const runs = arr(
    obj((await githubGet(emulator, `${base}/commits/${pull.headSha}/check-runs?per_page=100`)).json)
      .check_runs,
  );
  const combined = obj((await githubGet(emulator, `${base}/commits/${pull.headSha}/status`)).json);
  const latest = new Map<string, string>();
  for (const review of reviews.map(obj)) {
    const login = String(obj(review.user).login);
    if (review.state === 'APPROVED' || review.state === 'CHANGES_REQUESTED')
      latest.set(login, String(review.state));
    if (review.state === 'DISMISSED') latest.delete(login);
  }
  const requested = arr(
    obj((await githubGet(emulator, `${base}/pulls/${pull.number}`)).json).requested_reviewers,
  ).map((r) => String(obj(r).login));
  for (const login of requested) latest.delete(login);
  const verdicts = [...latest.values()];
  const review = verdicts.includes('CHANGES_REQUESTED')
    ? 'CHANGES_REQUESTED'
    : verdicts.includes('APPROVED') && requested.length === 0
      ? 'APPROVED'
      : 'REVIEW_REQUIRED';
  const statuses = Number(combined.total_count) > 0 ? String(combined.state) : null;
  const failed = runs
    .map(obj)
    .some((run) =>
      ['failure', 'timed_out', 'cancelled', 'action_required'].includes(String(run.conclusion)),
    );
  let checks: string | null = null;
  if (runs.length > 0 || statuses !== null) {
    if (failed || statuses === 'failure') checks = 'FAILURE';
    else if (runs.map(obj).some((run) => run.status !== 'completed') || statuses === 'pending')
      checks = 'PENDING';
    else checks = 'SUCCESS';
  }
  return { review, checks };
}

describe('POST /graphql', () => {
  it('pages the open pull requests of a repository with the values the REST routes imply', async () => {
    const open = history.data.pulls.filter((pull) => pull.state === 'open');
    expect(open.length).toBeGreaterThan(2);
    const seen: Record<string, unknown>[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page++) {
      const answer = await graphql(
        `query($owner: String!, $name: String!, $after: String) {
          repository(owner: $owner, name: $name) {
            pullRequests(states: OPEN, first: 2, after: $after) {
              pageInfo { hasNextPage endCursor }
              nodes { ${PULL_FIELDS} }
            }
          }
          rateLimit { cost remaining resetAt }
        }`,
        { variables: { owner: 'octocat', name: repoName, after } },
      );
      expect(answer.status).toBe(200);
      const data = obj(obj(answer.json).data);
      const connection = obj(obj(data.repository).pullRequests);
      seen.push(...arr(connection.nodes).map(obj));
      // Two pull requests each with commits(last: 1): 1 + 2 requests, rounded to the minimum.
      expect(obj(data.rateLimit).cost).toBe(1);
      const info = obj(connection.pageInfo);
      if (!info.hasNextPage) break;
      after = String(info.endCursor);
    }
    expect(seen.map((node) => node.number).sort()).toEqual(open.map((p) => p.number).sort());
    for (const node of seen) {
      const pull = open.find((p) => p.number === node.number);
      if (!pull) throw new Error('unknown pull');
      expect(node.headRefOid).toBe(pull.headSha);
      const commit = obj(obj(arr(obj(node.commits).nodes)[0]).commit);
      expect(commit.oid).toBe(pull.headSha);
      const rest = await restShipState(pull);
      expect(node.reviewDecision).toBe(rest.review);
      const rollup = commit.statusCheckRollup === null ? null : obj(commit.statusCheckRollup).state;
      expect(rollup === 'ERROR' ? 'FAILURE' : rollup).toBe(rest.checks);
    }
  });

  it('answers aliased pull requests by number, with GraphQL errors beside partial data', async () => {
    const [first] = history.data.pulls;
    if (!first) throw new Error('no pulls');
    const answer = await graphql(`query ShipStatus {
      r0: repository(owner: "octocat", name: "${repoName}") {
        p${first.number}: pullRequest(number: ${first.number}) { ${PULL_FIELDS} }
        p99999: pullRequest(number: 99999) { number }
      }
      r1: repository(owner: "octocat", name: "no-such-repo") { nameWithOwner }
    }`);
    expect(answer.status).toBe(200);
    const body = obj(answer.json);
    const data = obj(body.data);
    expect(obj(obj(data.r0)[`p${first.number}`]).headRefOid).toBe(first.headSha);
    expect(obj(data.r0).p99999).toBeNull();
    expect(data.r1).toBeNull();
    expect(arr(body.errors).map(obj)).toEqual([
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['r0', 'p99999'],
        message: 'Could not resolve to a PullRequest with the number of 99999.',
      }),
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['r1'],
        message: "Could not resolve to a Repository with the name 'octocat/no-such-repo'.",
      }),
    ]);
    expect(answer.headers.get('x-ratelimit-resource')).toBe('graphql');
  });

  it('serves github.com’s /graphql path as well as GHES’s', async () => {
    const answer = await graphql('{ viewer { login } }', { path: '/graphql' });
    expect(obj(answer.json)).toEqual({ data: { viewer: { login: 'octocat' } } });
  });

  it('charges GitHub’s cost: a connection of 100 with commits(last: 1) inside is 1 point', async () => {
    const query = (first: number) => `{
      a: repository(owner: "octocat", name: "shipdeck") { pullRequests(first: ${first}) { nodes { ${PULL_FIELDS} } } }
      b: repository(owner: "octocat", name: "shipdeck") { pullRequests(first: ${first}) { nodes { number } } }
      rateLimit { cost }
    }`;
    // (1 + 100) + 1 = 102 requests: 1 point; 101 records are refused outright.
    expect(obj(obj(obj((await graphql(query(100))).json).data).rateLimit).cost).toBe(1);
    const refused = obj((await graphql(query(101))).json);
    expect(refused.data).toBeUndefined();
    expect(obj(arr(refused.errors)[0]).type).toBe('EXCESSIVE_PAGINATION');
  });

  it('lists the newest approval or request for changes as latestOpinionatedReviews', async () => {
    const pull = history.data.pulls.find((candidate) => candidate.state === 'open');
    const reviewer = [...emulator.world.accounts.values()].find((a) => a.login !== 'octocat');
    if (!pull || !reviewer) throw new Error('no open pull request or reviewer');
    const pullNumber = pull.number;
    const last = {
      id: 7_000_001,
      pullNumber,
      userId: reviewer.id,
      body: '',
      state: 'CHANGES_REQUESTED' as const,
      submittedAt: '2099-01-01T00:00:00Z',
      commitId: pull.headSha,
    };
    history.data.reviews.push(last, { ...last, id: 7_000_002, state: 'COMMENTED' });
    emulator.world.touch();
    const answer = obj(
      (
        await graphql(`{
          repository(owner: "octocat", name: "${repoName}") {
            pullRequest(number: ${pullNumber}) {
              latestOpinionatedReviews(last: 1) { nodes { databaseId state author { login } } }
            }
          }
          rateLimit { cost }
        }`)
      ).json,
    );
    const data = obj(answer.data);
    const nodes = arr(
      obj(obj(obj(data.repository).pullRequest).latestOpinionatedReviews).nodes,
    ).map(obj);
    expect(nodes.map((node) => node.databaseId)).toEqual([last.id]);
    expect(nodes[0]?.state).toBe(last.state);
    expect(obj(data.rateLimit).cost).toBe(1);
  });

  it('searches pull requests as REST search does: issueCount, nodes on PullRequest, cursors, the 1,000 cap and 1 point', async () => {
    const q = 'is:pr involves:@me sort:updated-desc';
    const rest = obj(
      (
        await githubGet(
          emulator,
          `/search/issues?q=${encodeURIComponent('is:pr involves:@me')}&sort=updated&order=desc&per_page=100`,
        )
      ).json,
    );
    const restIds = arr(rest.items).map((item) => obj(item).id);
    const search = async (after: string | null) =>
      obj(
        obj(
          (
            await graphql(
              `
                query ($q: String!, $after: String) {
                  rateLimit {
                    cost
                    remaining
                    resetAt
                  }
                  search(query: $q, type: ISSUE, first: 100, after: $after) {
                    issueCount
                    pageInfo {
                      hasNextPage
                      endCursor
                    }
                    nodes {
                      __typename
                      ... on PullRequest {
                        databaseId
                        number
                        updatedAt
                        state
                        author {
                          login
                        }
                        assignees(first: 10) {
                          nodes {
                            login
                          }
                        }
                        repository {
                          nameWithOwner
                          databaseId
                        }
                      }
                      ... on Issue {
                        body
                      }
                    }
                  }
                }
              `,
              { variables: { q, after } },
            )
          ).json,
        ).data,
      );
    const first = await search(null);
    const result = obj(first.search);
    expect(result.issueCount).toBe(rest.total_count);
    const nodes = arr(result.nodes).map(obj);
    // The same pull requests in the same order as REST's first page; Issue's fields not applied.
    expect(nodes.map((node) => node.databaseId)).toEqual(restIds);
    expect(nodes.every((node) => node.__typename === 'PullRequest' && !('body' in node))).toBe(
      true,
    );
    expect(obj(nodes[0]?.repository).nameWithOwner).toMatch(/^[^/]+\/[^/]+$/);
    expect(obj(first.rateLimit).cost).toBe(1);
    const info = obj(result.pageInfo);
    expect(info.hasNextPage).toBe(Number(rest.total_count) > 100);
    if (info.hasNextPage === true) {
      const second = obj(obj((await search(String(info.endCursor))).search));
      const secondIds = arr(second.nodes).map((node) => obj(node).databaseId);
      expect(secondIds.length).toBeGreaterThan(0);
      expect(secondIds.some((id) => restIds.includes(id))).toBe(false);
    }
    // Past 1,000 results there is no next page, as on GitHub.
    const everything = await graphql(
      `{ search(query: "is:pr", type: ISSUE, first: 100, after: "${Buffer.from('cursor:v2:899').toString('base64')}") { issueCount pageInfo { hasNextPage } nodes { ... on PullRequest { number } } } }`,
    );
    const capped = obj(obj(obj(everything.json).data).search);
    if (Number(capped.issueCount) > 1000) {
      expect(arr(capped.nodes)).toHaveLength(100);
      expect(obj(capped.pageInfo).hasNextPage).toBe(false);
    }
  });

  it('rejects unknown fields and syntax errors as GraphQL does, without data', async () => {
    const unknown = obj((await graphql('{ viewer { nope } }')).json);
    expect(unknown.data).toBeUndefined();
    expect(obj(arr(unknown.errors)[0]).message).toBe("Field 'nope' doesn't exist on type 'User'");
    const broken = obj((await graphql('{ viewer { login }')).json);
    expect(obj(arr(broken.errors)[0]).locations).toBeDefined();
  });

  it('answers 401 Bad credentials for a bad token and for none', async () => {
    const bad = await graphql('{ viewer { login } }', { token: 'ghp_nope' });
    expect(bad.status).toBe(401);
    expect(obj(bad.json).message).toBe('Bad credentials');
    expect((await graphql('{ viewer { login } }', { token: null })).status).toBe(401);
  });

  it('applies GitHub faults: injected 5xx and a spent budget as a 200 with RATE_LIMITED', async () => {
    const failing = await admin(emulator, 'POST', '/faults', {
      id: 'graphql-down',
      area: 'github',
      path: '/api/graphql',
      errorRate: 1,
      errorStatus: 502,
    });
    expect(failing.status).toBe(201);
    expect((await graphql('{ viewer { login } }')).status).toBe(502);
    await admin(emulator, 'DELETE', '/faults');
    await admin(emulator, 'POST', '/faults', {
      area: 'github',
      path: '/api/graphql',
      rateLimit: 'primary',
    });
    const limited = await graphql('{ viewer { login } }');
    await admin(emulator, 'DELETE', '/faults');
    expect(limited.status).toBe(200);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(obj(arr(obj(limited.json).errors)[0]).type).toBe('RATE_LIMITED');
  });
});

describe('an emulator without GraphQL', () => {
  it('answers 404 there, for a client’s REST fallback', async () => {
    const bare = await startTestEmulator({ graphql: false });
    try {
      const response = await fetch(`${bare.url}/api/graphql`, {
        method: 'POST',
        headers: { authorization: `bearer ${bare.demo.githubToken}`, 'user-agent': 't' },
        body: '{"query":"{ viewer { login } }"}',
      });
      expect(response.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
