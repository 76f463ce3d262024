import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEAMS } from '../data/generate-teams.js';
import type { EmulatorHandle } from '../start-emulator.js';
import { reviewRequestedPayload } from '../webhooks/github-payloads.js';
import { GithubUrls } from './urls.js';
import { arr, githubGet, obj, startTestEmulator } from '../testing/test-emulator.js';
import { componentValidator, responseValidator, schemaErrors } from '../testing/test-openapi.js';

// Teams (issue 36, PROVIDERS.md §10): the viewer's teams, a team's members (child teams'
// included) and repositories, the scope rule, and teams named as requested reviewers in REST,
// GraphQL and the review_requested webhook, each checked against @octokit/openapi.

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

const logins = (list: unknown[]): string[] => list.map((item) => String(obj(item).login)).sort();

describe('GitHub teams', () => {
  it('GET /user/teams lists octocat’s two teams in shipdeck-labs, in the team-full shape', async () => {
    const answer = await githubGet(emulator, '/user/teams?per_page=100');
    expect(answer.status).toBe(200);
    expect(schemaErrors(responseValidator('/user/teams', 'get', 200), answer.json)).toEqual([]);
    const teams = arr(answer.json).map(obj);
    expect(teams.map((t) => `${String(obj(t.organization).login)}/${String(t.slug)}`)).toEqual([
      'shipdeck-labs/web',
      'shipdeck-labs/platform',
    ]);
    // The child team's member (hubot) counts under web.
    expect(teams[0]?.members_count).toBe(3);
    // hubot belongs to design directly and to web through it, and to platform.
    const hubot = arr((await githubGet(emulator, '/user/teams', 'ghp_emu_hubot')).json).map(obj);
    expect(hubot.map((t) => t.slug).sort()).toEqual(['design', 'platform', 'web']);
    expect(obj(hubot.find((t) => t.slug === 'design')?.parent).slug).toBe('web');
  });

  it('answers 304 to its ETag, and pages with Link headers', async () => {
    const first = await githubGet(emulator, '/user/teams');
    const again = await githubGet(emulator, '/user/teams', undefined, {
      'if-none-match': first.headers.get('etag') ?? '',
    });
    expect(again.status).toBe(304);
    const paged = await githubGet(emulator, '/user/teams?per_page=1');
    expect(arr(paged.json)).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(paged.headers.get('link') ?? '')?.[1];
    expect(next).toContain('/user/teams');
    expect(arr((await githubGet(emulator, next ?? '')).json)).toHaveLength(1);
  });

  it('needs read:org, or repo/user on a classic token: 403 otherwise', async () => {
    const answer = await githubGet(emulator, '/user/teams', 'ghp_emu_octocat_public');
    expect(answer.status).toBe(403);
    expect(answer.headers.get('x-accepted-oauth-scopes')).toBe('read:org, repo, user');
    const members = await githubGet(
      emulator,
      '/orgs/shipdeck-labs/teams/web/members',
      'ghp_emu_octocat_public',
    );
    expect(members.status).toBe(404);
  });

  it('members include the child team’s, repositories carry the team’s permissions', async () => {
    const members = await githubGet(emulator, '/orgs/shipdeck-labs/teams/web/members?per_page=100');
    expect(members.status).toBe(200);
    expect(
      schemaErrors(
        responseValidator('/orgs/{org}/teams/{team_slug}/members', 'get', 200),
        members.json,
      ),
    ).toEqual([]);
    expect(logins(arr(members.json))).toEqual(['hubot', 'monalisa', 'octocat']);
    const design = await githubGet(emulator, '/orgs/shipdeck-labs/teams/design/members');
    expect(logins(arr(design.json))).toEqual(['hubot']);
    const repos = await githubGet(emulator, '/orgs/shipdeck-labs/teams/platform/repos');
    expect(
      schemaErrors(
        responseValidator('/orgs/{org}/teams/{team_slug}/repos', 'get', 200),
        repos.json,
      ),
    ).toEqual([]);
    const platform = arr(repos.json).map(obj);
    expect(platform.map((r) => r.full_name)).toEqual([
      'shipdeck-labs/platform',
      'shipdeck-labs/website',
    ]);
    expect(platform[0]?.permissions).toEqual({
      admin: true,
      maintain: true,
      push: true,
      triage: true,
      pull: true,
    });
    expect(platform[1]?.role_name).toBe('read');
    const paged = await githubGet(emulator, '/orgs/shipdeck-labs/teams/platform/repos?per_page=1');
    const next = /<([^>]+)>; rel="next"/.exec(paged.headers.get('link') ?? '')?.[1] ?? '';
    expect(next).toContain(`/team/${DEMO_TEAMS.platform.id}/repos`);
    expect(arr((await githubGet(emulator, next)).json).map((r) => obj(r).full_name)).toEqual([
      'shipdeck-labs/website',
    ]);
  });

  it('a private team repository is left out for a token that cannot read it; strangers get 404', async () => {
    // Without `repo`, the private platform repository is not visible, but read:org still lists it.
    const token = 'ghp_emu_octocat_readorg';
    const account = emulator.world.account('octocat');
    emulator.world.githubTokens.set(token, {
      token,
      accountId: account?.id ?? 0,
      scopes: ['read:org'],
      clientId: null,
    });
    const repos = arr(
      (await githubGet(emulator, '/orgs/shipdeck-labs/teams/platform/repos', token)).json,
    );
    expect(repos.map((r) => obj(r).full_name)).toEqual(['shipdeck-labs/website']);
    const stranger = await githubGet(
      emulator,
      '/orgs/shipdeck-labs/teams/web/members',
      'ghp_emu_zoe-unicode',
    );
    expect(stranger.status).toBe(404);
    expect((await githubGet(emulator, '/orgs/shipdeck-labs/teams/nope/repos')).status).toBe(404);
  });

  it('pull requests name requested teams in REST lists and details, and in GraphQL', async () => {
    const pulls = arr(
      (await githubGet(emulator, '/repos/shipdeck-labs/website/pulls?state=open&per_page=100'))
        .json,
    ).map(obj);
    const asked = pulls.find((p) => arr(p.requested_teams).length > 0);
    expect(asked).toBeDefined();
    expect(obj(arr(asked?.requested_teams)[0]).slug).toBe('web');
    expect(
      schemaErrors(responseValidator('/repos/{owner}/{repo}/pulls', 'get', 200), pulls),
    ).toEqual([]);
    const detail = await githubGet(
      emulator,
      `/repos/shipdeck-labs/website/pulls/${String(asked?.number)}`,
    );
    expect(
      schemaErrors(
        responseValidator('/repos/{owner}/{repo}/pulls/{pull_number}', 'get', 200),
        detail.json,
      ),
    ).toEqual([]);
    // Every waiting state is there on the first visit.
    expect(pulls.some((p) => p.draft === true)).toBe(true);

    const response = await fetch(`${emulator.url}/api/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `bearer ${emulator.demo.githubToken}`,
      },
      body: JSON.stringify({
        query: `query { repository(owner: "shipdeck-labs", name: "website") { pullRequest(number: ${String(asked?.number)}) { mergeable reviewRequests(first: 20) { totalCount nodes { requestedReviewer { __typename ... on User { login } ... on Team { slug combinedSlug organization { login } } } } } reviews(first: 50) { nodes { databaseId state submittedAt author { login } } } } } }`,
      }),
    });
    const body = obj(await response.json());
    expect(body.errors).toBeUndefined();
    const pull = obj(obj(obj(body.data).repository).pullRequest);
    expect(pull.mergeable).toBe('MERGEABLE');
    const nodes = arr(obj(pull.reviewRequests).nodes).map((n) => obj(obj(n).requestedReviewer));
    expect(nodes).toContainEqual({
      __typename: 'Team',
      slug: 'web',
      combinedSlug: 'shipdeck-labs/web',
      organization: { login: 'shipdeck-labs' },
    });
  });

  it('the review_requested webhook names the team (the requested_team branch of the oneOf)', async () => {
    const pulls = arr(
      (await githubGet(emulator, '/repos/shipdeck-labs/design-system/pulls?state=open')).json,
    ).map(obj);
    const target = pulls.find((p) => p.draft === false);
    const repo = emulator.world.lookupRepo('shipdeck-labs', 'design-system');
    const found = repo && 'repo' in repo ? repo.repo : undefined;
    const pull = found ? emulator.world.history(found.id).pull(Number(target?.number)) : undefined;
    const team = emulator.world.team('shipdeck-labs', 'design');
    const sender = emulator.world.account('octocat');
    if (!found || !pull || !team || !sender) throw new Error('demo world changed');
    const payload = reviewRequestedPayload(
      { world: emulator.world, urls: new GithubUrls(emulator.url), viewer: null },
      found,
      pull,
      { team },
      sender,
    );
    expect(obj(payload.requested_team).slug).toBe('design');
    expect(obj(obj(payload.requested_team).parent).slug).toBe('web');
    expect(
      schemaErrors(componentValidator('webhook-pull-request-review-requested'), payload),
    ).toEqual([]);
  });
});
