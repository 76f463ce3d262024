import {
  reviewLoadResultSchema,
  teamDetailResultSchema,
  teamDoraResultSchema,
  teamPullRequestsResultSchema,
  teamsResultSchema,
  type TeamPullRequestsResult,
} from '@shipdeck/shared/teams';
import { searchResponseSchema } from '@shipdeck/shared/search';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../lib/clock.js';
import { bearer, dataOf, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { listTeamMembers } from '../team-members.js';
import { findViewerTeam } from '../teams.repository.js';
import { listTeamPullRequests } from '../team-pull-requests.js';

/*
 * A team world seeded straight into the store, read back through /api/teams/*. Every figure is
 * worked out here by hand. Times are "n days ago at hh:mm" UTC (at(n, h, m)); `now` is the test's.
 *
 * Team acme/core (the lead's): members lead, ann (no Shipdeck account), bob. Repositories acme/api
 * and acme/web (public) and acme/secret (private, which the lead's own access cannot read).
 * Team acme/reviewers: bob (the lead is not in it: GitHub does not list it for the lead).
 *
 * Open pull requests and who they wait on:
 *   #1 api  draft                                     author (ann)   updated 50 h ago
 *   #2 api  changes requested                         author (bob)
 *   #3 api  failing checks                            author (ann)
 *   #4 web  merge conflicts                           author (bob)
 *   #5 web  review requested of ann                   reviewers [ann]
 *   #6 web  review requested of team acme/reviewers   reviewers [acme/reviewers], so bob
 *   #7 web  approved, checks passing, nobody asked    merge (lead, its author)
 *   #8 secret  review requested of ann                hidden: the lead cannot read acme/secret
 *   #9 web  nobody asked, not approved                reviewers (nobody named yet)
 *
 * Review load (30 days; reviews and requests in readable repositories only):
 *   ann: open direct requests #5 (1; #8 hidden), via a team 0. Reviews: #2 2 d ago, merged #20
 *        10 d ago (#20 in acme/web; 2 in 30 d, 1 in 7 d); #8's review 1 d ago is hidden. Asked on #2 3 d ago,
 *        first review 2 d ago: 1440 min; asked on #20 10 d 2 h ago, review 10 d ago: 120 min.
 *        Median (120, 1440) = 780 min.
 *   bob: direct 0, via acme/reviewers #6: 1. Review of #7 5 d ago, asked 30 min before: 30 min.
 *        One review 40 d ago does not count, the one 5 d ago does: 1 in 7 d, 1 in 30 d.
 *   lead: nothing: 0, 0, 0, 0, null.
 *
 * Team DORA over the projects linked to team repositories: prj_api (acme/api) deploys d1 (20 d
 * ago, the project's first recorded production deployment, shipping #10 merged 100 d ago) and
 * d2 (5 d ago 10:00, READY 10:04, shipping #21 opened 6 d ago 09:00): frequency 2, lead time over
 * #21 only: 25 h 4 min = 1504 min (with #10 it would be the median of ~81 days and 1504).
 * prj_other (other/x, no team repository) deploys d9: not counted.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;

describe.each(testDialects)('team routes over a seeded world on %s', (dialect) => {
  const t = useTestApp(dialect);
  const now = Date.now();
  const startOfToday = Math.floor(now / DAY_MS) * DAY_MS;
  const at = (n: number, h: number, m = 0) =>
    new Date(startOfToday - n * DAY_MS + h * HOUR + m * MIN).toISOString();
  const ago = (ms: number) => new Date(now - ms).toISOString();
  let lead = { token: '', userId: '' };
  let stranger = { token: '', userId: '' };

  beforeAll(async () => {
    const a = await signUpAndLogIn(t.app);
    const b = await signUpAndLogIn(t.app);
    lead = { token: a.token, userId: a.userId };
    stranger = { token: b.token, userId: b.userId };
    const db = t.app.db;
    await db
      .updateTable('users')
      .set({ github_login: 'lead' })
      .where('id', '=', a.userId)
      .execute();
    await db.updateTable('users').set({ github_login: 'bob' }).where('id', '=', b.userId).execute();
    const synced = new Date(now).toISOString();
    const repos: [number, string, boolean][] = [
      [9101, 'api', false],
      [9102, 'secret', true],
      [9103, 'web', false],
      [9104, 'x', false],
    ];
    await db
      .insertInto('github_repositories')
      .values(
        repos.map(([id, name, isPrivate]) => ({
          id,
          name,
          full_name: `${id === 9104 ? 'other' : 'acme'}/${name}`,
          owner_login: id === 9104 ? 'other' : 'acme',
          owner_avatar_url: 'https://avatars.example/acme',
          description: null,
          private: isPrivate ? 1 : 0,
          fork: 0,
          archived: 0,
          language: null,
          stargazers_count: 0,
          forks_count: 0,
          watchers_count: 0,
          open_issues_count: 0,
          created_at: at(200, 0),
          updated_at: at(1, 0),
          pushed_at: at(1, 0),
          html_url: `https://github.com/acme/${name}`,
          default_branch: 'main',
          size: 1,
          topics: '[]',
          synced_at: synced,
        })),
      )
      .execute();
    // The lead reads the public ones; bob (the stranger here) reads everything.
    await db
      .insertInto('github_repository_access')
      .values([
        { user_id: a.userId, repository_id: 9101, synced_at: synced },
        { user_id: a.userId, repository_id: 9103, synced_at: synced },
        { user_id: a.userId, repository_id: 9104, synced_at: synced },
        ...[9101, 9102, 9103].map((id) => ({
          user_id: b.userId,
          repository_id: id,
          synced_at: synced,
        })),
      ])
      .execute();
    const team = (id: number, slug: string) => ({
      id,
      org_login: 'acme',
      slug,
      name: slug,
      description: null,
      html_url: `https://github.com/orgs/acme/teams/${slug}`,
      parent: null,
      members_etag: null,
      repositories_etag: null,
      synced_at: synced,
    });
    await db
      .insertInto('github_teams')
      .values([team(500, 'core'), team(501, 'reviewers')])
      .execute();
    await db
      .insertInto('github_team_viewers')
      .values({ user_id: a.userId, team_id: 500, synced_at: synced })
      .execute();
    await db
      .insertInto('github_team_members')
      .values([
        ...['lead', 'ann', 'bob'].map((login) => ({
          team_id: 500,
          login,
          avatar_url: `https://avatars.example/${login}`,
        })),
        { team_id: 501, login: 'bob', avatar_url: 'https://avatars.example/bob' },
      ])
      .execute();
    await db
      .insertInto('github_team_repositories')
      .values(
        [9101, 9102, 9103].map((id) => ({
          team_id: 500,
          repository_id: id,
          full_name: `acme/${repos.find((r) => r[0] === id)?.[1] ?? ''}`,
          private: id === 9102 ? 1 : 0,
          html_url: `https://github.com/acme/${id}`,
        })),
      )
      .execute();

    interface Seed {
      number: number;
      repo: number;
      author: string;
      draft?: boolean;
      review?: string;
      checks?: string;
      mergeable?: string;
      reviewers?: string[];
      teams?: string[];
      updated?: string;
      opened?: string;
      merged?: string;
      sha?: string;
    }
    const seeds: Seed[] = [
      { number: 1, repo: 9101, author: 'ann', draft: true, updated: ago(50 * HOUR) },
      { number: 2, repo: 9101, author: 'bob', review: 'changes_requested' },
      { number: 3, repo: 9101, author: 'ann', checks: 'failing' },
      { number: 4, repo: 9103, author: 'bob', mergeable: 'CONFLICTING' },
      { number: 5, repo: 9103, author: 'bob', reviewers: ['ann'] },
      { number: 6, repo: 9103, author: 'ann', teams: ['acme/reviewers'] },
      { number: 7, repo: 9103, author: 'lead', review: 'approved', checks: 'passing' },
      { number: 8, repo: 9102, author: 'bob', reviewers: ['ann'] },
      { number: 9, repo: 9103, author: 'bob' },
      {
        number: 10,
        repo: 9101,
        author: 'lead',
        opened: at(101, 9),
        merged: at(100, 9),
        sha: 's10',
      },
      { number: 20, repo: 9103, author: 'bob', opened: at(12, 9), merged: at(9, 9), sha: 's20' },
      { number: 21, repo: 9101, author: 'bob', opened: at(6, 9), merged: at(5, 8), sha: 's21' },
    ];
    await db
      .insertInto('github_pull_requests')
      .values(
        seeds.map((seed) => ({
          id: seed.repo * 100 + seed.number,
          repository_id: seed.repo,
          number: seed.number,
          title: `Change ${seed.number}`,
          body: null,
          state: seed.merged ? ('closed' as const) : ('open' as const),
          draft: seed.draft ? 1 : 0,
          merged_at: seed.merged ?? null,
          author_login: seed.author,
          author_avatar_url: null,
          head_sha: seed.sha ?? `h${seed.number}`,
          head_ref: `change-${seed.number}`,
          head_repo_name: null,
          head_repo_html_url: null,
          base_ref: 'main',
          html_url: `https://github.com/acme/pull/${seed.number}`,
          comments: 0,
          requested_reviewers: JSON.stringify(seed.reviewers ?? []),
          requested_teams: JSON.stringify(seed.teams ?? []),
          mergeable: seed.mergeable ?? 'MERGEABLE',
          assignees: '[]',
          created_at: seed.opened ?? ago(3 * DAY_MS + seed.number * MIN),
          updated_at: seed.merged ?? seed.updated ?? ago(HOUR + seed.number * MIN),
          closed_at: seed.merged ?? null,
          review_state: seed.review ?? 'review_required',
          checks_state: seed.checks ?? 'passing',
          synced_at: synced,
        })),
      )
      .execute();
    const id = (repo: number, number: number) => repo * 100 + number;
    await db
      .insertInto('github_pull_request_reviews')
      .values(
        [
          [1, id(9101, 2), 'ann', ago(2 * DAY_MS)],
          [2, id(9103, 20), 'ann', ago(10 * DAY_MS)],
          [3, id(9102, 8), 'ann', ago(DAY_MS)],
          [4, id(9103, 7), 'bob', ago(5 * DAY_MS)],
          [5, id(9103, 5), 'bob', ago(40 * DAY_MS)],
        ].map(([reviewId, pull, login, when]) => ({
          id: Number(reviewId),
          pull_request_id: Number(pull),
          reviewer_login: String(login),
          state: 'COMMENTED',
          submitted_at: String(when),
        })),
      )
      .execute();
    await db
      .insertInto('github_pull_request_review_requests')
      .values([
        {
          pull_request_id: id(9101, 2),
          kind: 'user' as const,
          reviewer: 'ann',
          requested_at: ago(3 * DAY_MS),
          cleared_at: ago(2 * DAY_MS),
        },
        {
          pull_request_id: id(9103, 20),
          kind: 'user' as const,
          reviewer: 'ann',
          requested_at: ago(10 * DAY_MS + 2 * HOUR),
          cleared_at: ago(10 * DAY_MS),
        },
        {
          pull_request_id: id(9103, 6),
          kind: 'team' as const,
          reviewer: 'acme/reviewers',
          requested_at: ago(DAY_MS),
          cleared_at: null,
        },
        {
          pull_request_id: id(9103, 7),
          kind: 'user' as const,
          reviewer: 'bob',
          requested_at: ago(5 * DAY_MS + 30 * MIN),
          cleared_at: ago(5 * DAY_MS),
        },
        {
          pull_request_id: id(9102, 8),
          kind: 'user' as const,
          reviewer: 'ann',
          requested_at: ago(2 * DAY_MS),
          cleared_at: null,
        },
      ])
      .execute();

    const project = (projectId: string, org: string, repo: string, repoId: number) => ({
      user_id: a.userId,
      id: projectId,
      name: repo,
      framework: 'nextjs',
      link_type: 'github',
      link_org: org,
      link_repo: repo,
      link_repo_id: repoId,
      link_production_branch: 'main',
      production_deployment_id: null,
      created_at: at(200, 0),
      updated_at: at(1, 0),
      synced_at: synced,
    });
    await db
      .insertInto('vercel_projects')
      .values([project('prj_api', 'acme', 'api', 9101), project('prj_other', 'other', 'x', 9104)])
      .execute();
    const deployment = (depId: string, projectId: string, n: number, h: number, sha: string) => ({
      user_id: a.userId,
      id: depId,
      project_id: projectId,
      name: projectId,
      url: `${depId}.vercel.app`,
      inspector_url: null,
      state: 'READY',
      target: 'production' as const,
      branch: 'main',
      commit_sha: sha,
      commit_message: `Deploy ${sha}`,
      commit_author_name: null,
      commit_author_login: null,
      commit_org: 'acme',
      commit_repo: 'api',
      commit_repo_id: 9101,
      pr_id: null,
      error_code: null,
      error_message: null,
      created_at: at(n, h),
      building_at: at(n, h, 1),
      ready_at: at(n, h, 4),
      updated_at: at(n, h, 4),
      build_log: null,
      build_log_fetched_at: null,
      synced_at: synced,
    });
    await db
      .insertInto('vercel_deployments')
      .values([
        deployment('d1', 'prj_api', 20, 10, 's10'),
        deployment('d2', 'prj_api', 5, 10, 's21'),
        deployment('d9', 'prj_other', 3, 10, 'sx'),
      ])
      .execute();
  });

  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const pullsOf = async (query = ''): Promise<TeamPullRequestsResult> =>
    dataOf(
      await get(lead.token, `/api/teams/acme/core/pull-requests${query}`),
      teamPullRequestsResultSchema,
    );
  const byKind = (result: TeamPullRequestsResult) =>
    Object.fromEntries(
      result.groups.map((group) => [
        group.kind,
        group.pullRequests.map((pull) => [pull.number, pull.waitingOn.reason]),
      ]),
    );

  it('lists the lead’s team with its counts; the team nobody listed for them is absent', async () => {
    const teams = dataOf(await get(lead.token, '/api/teams'), teamsResultSchema);
    expect(teams.teams).toHaveLength(1);
    expect(teams.teams[0]).toMatchObject({
      org: 'acme',
      slug: 'core',
      memberCount: 3,
      // acme/secret is not counted: the lead cannot read it.
      repositoryCount: 2,
      waiting: { author: 4, reviewers: 3, merge: 1 },
    });
    const detail = dataOf(await get(lead.token, '/api/teams/acme/core'), teamDetailResultSchema);
    expect(detail.repositories.map((r) => r.fullName)).toEqual(['acme/api', 'acme/web']);
    expect(detail.members.map((m) => [m.login, m.hasAccount])).toEqual([
      ['ann', false],
      ['bob', true],
      ['lead', true],
    ]);
  });

  it('groups every readable open pull request by who it waits on, each rule once', async () => {
    const result = await pullsOf();
    expect(result.total).toBe(8);
    expect(byKind(result)).toEqual({
      // Oldest first (opened 3 days and n minutes ago).
      reviewers: [
        [9, 'no reviewer requested'],
        [6, 'review requested'],
        [5, 'review requested'],
      ],
      author: [
        [4, 'merge conflicts'],
        [3, 'failing checks'],
        [2, 'changes requested'],
        [1, 'draft'],
      ],
      merge: [[7, 'approved, ready to merge']],
    });
    const six = result.groups[0]?.pullRequests.find((pull) => pull.number === 6);
    expect(six?.waitingOn).toMatchObject({ logins: [], teams: ['acme/reviewers'] });
    expect(six?.review).toBe('review_required');
    const two = result.groups[1]?.pullRequests.find((pull) => pull.number === 2);
    expect(two?.waitingOn.logins).toEqual(['bob']);
  });

  it('filters by who it waits on (a team request counts for each member), staleness and drafts, and sorts', async () => {
    const numbers = (result: TeamPullRequestsResult) =>
      result.groups.flatMap((group) => group.pullRequests.map((pull) => pull.number)).sort();
    // bob: author of #2 and #4, and a member of acme/reviewers asked on #6.
    expect(numbers(await pullsOf('?waitingOn=bob'))).toEqual([2, 4, 6]);
    expect(numbers(await pullsOf('?waitingOn=ann'))).toEqual([1, 3, 5]);
    expect(numbers(await pullsOf('?stale=48'))).toEqual([1]);
    expect(numbers(await pullsOf('?drafts=hide'))).not.toContain(1);
    const stale = await pullsOf('?sort=stale');
    expect(stale.groups[1]?.pullRequests[0]?.number).toBe(1);
    const age = await pullsOf('?sort=age');
    // Opened 3 days + n minutes ago: the oldest is the highest number.
    expect(age.groups[1]?.pullRequests.map((pull) => pull.number)).toEqual([4, 3, 2, 1]);
    expect((await get(lead.token, '/api/teams/acme/core/pull-requests?stale=-1')).statusCode).toBe(
      400,
    );
  });

  it('cuts each group to `limit` rows, oldest first, counting them all; rows carry no body', async () => {
    const cut = await pullsOf('?limit=2');
    expect(cut.total).toBe(8);
    expect(cut.groups.map((group) => [group.kind, group.total])).toEqual([
      ['reviewers', 3],
      ['author', 4],
      ['merge', 1],
    ]);
    expect(byKind(cut)).toMatchObject({
      reviewers: [
        [9, 'no reviewer requested'],
        [6, 'review requested'],
      ],
      author: [
        [4, 'merge conflicts'],
        [3, 'failing checks'],
      ],
    });
    const raw = await get(lead.token, '/api/teams/acme/core/pull-requests');
    expect(raw.body).not.toContain('"body"');
    for (const bad of ['?limit=0', '?limit=1001', '?limit=many']) {
      const answer = await get(lead.token, `/api/teams/acme/core/pull-requests${bad}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('limit');
    }
  });

  it('review load per member, from the figures worked out above', async () => {
    const load = dataOf(
      await get(lead.token, '/api/teams/acme/core/review-load'),
      reviewLoadResultSchema,
    );
    const of = (login: string) => load.members.find((member) => member.login === login);
    expect(of('ann')).toMatchObject({
      hasAccount: false,
      openRequests: { direct: 1, viaTeam: 0 },
      reviewsGiven: { last7Days: 1, last30Days: 2 },
      medianFirstReviewMinutes: 780,
    });
    expect(of('bob')).toMatchObject({
      openRequests: { direct: 0, viaTeam: 1 },
      reviewsGiven: { last7Days: 1, last30Days: 1 },
      medianFirstReviewMinutes: 30,
    });
    expect(of('lead')).toMatchObject({
      openRequests: { direct: 0, viaTeam: 0 },
      reviewsGiven: { last7Days: 0, last30Days: 0 },
      medianFirstReviewMinutes: null,
    });
  });

  it('team DORA counts the first recorded deployment for frequency but not in lead time', async () => {
    const dora = dataOf(
      await get(lead.token, '/api/teams/acme/core/dora?days=30'),
      teamDoraResultSchema,
    );
    expect(dora.repositories).toEqual(['acme/api']);
    expect(dora.metrics.deploymentFrequency.total).toBe(2);
    expect(dora.metrics.leadTime.changeCount).toBe(1);
    expect(dora.metrics.leadTime.medianMinutes).toBe(1504);
    expect((await get(lead.token, '/api/teams/acme/core/dora?days=5')).statusCode).toBe(400);
  });

  it('answers 404 to anyone GitHub does not list the team for, and for unknown teams', async () => {
    for (const suffix of ['', '/pull-requests', '/review-load', '/dora']) {
      expect((await get(stranger.token, `/api/teams/acme/core${suffix}`)).statusCode).toBe(404);
      expect((await get(lead.token, `/api/teams/acme/reviewers${suffix}`)).statusCode).toBe(404);
    }
    expect((await get(lead.token, '/api/teams/acme/nope')).statusCode).toBe(404);
    expect(await findViewerTeam(t.app.db, stranger.userId, 'acme', 'core')).toBeNull();
    expect(await listTeamPullRequests(t.app.db, stranger.userId, 'acme', 'core', {})).toBeNull();
  });

  it('the command palette finds the team for the lead only, linking to its page', async () => {
    const search = async (token: string, q: string) =>
      dataOf(await get(token, `/api/search?q=${q}`), searchResponseSchema).results.filter(
        (result) => result.kind === 'team',
      );
    expect(await search(lead.token, 'core')).toEqual([
      { kind: 'team', id: '500', title: 'acme/core', subtitle: 'core', href: '/teams/acme/core' },
    ]);
    expect(await search(lead.token, 'reviewers')).toEqual([]);
    expect(await search(stranger.token, 'core')).toEqual([]);
  });

  it('listTeamMembers gives reminders each member’s Shipdeck account and email', async () => {
    const members = await listTeamMembers(t.app.db, 'ACME', 'Core');
    expect(members.map((m) => [m.login, m.userId !== null, m.email !== null])).toEqual([
      ['ann', false, false],
      ['bob', true, true],
      ['lead', true, true],
    ]);
    expect(members.find((m) => m.login === 'lead')?.userId).toBe(lead.userId);
  });
});
