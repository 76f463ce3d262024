import type { Team } from '../../data/model.js';
import { GithubError, notFound } from '../github-error.js';
import type { GithubRequest, GithubRoute } from '../github-request.js';
import { pageRequest, paginate } from '../pagination.js';
import { renderRepository } from '../render/repository.js';
import { renderTeamFull, teamRepoPermissions } from '../render/team.js';
import { renderSimpleUser } from '../render/user.js';
import { canSeeRepo, hasScope } from '../visibility.js';
import { requireViewer } from './user.js';

// GitHub's team endpoints (PROVIDERS.md §10.1): the viewer's teams across organisations, and a
// team's members (child teams' included) and repositories, Link-paged like every list.

/** `GET /user/teams` takes `read:org`, or `repo`/`user` on a classic token. */
function canListTeams(scopes: readonly string[]): boolean {
  return ['read:org', 'repo', 'user'].some((scope) => hasScope(scopes, scope));
}

/** Whether the viewer sees the team: organisation members see visible teams, secret ones only their members. */
function visibleTeam(request: GithubRequest): Team {
  const viewer = requireViewer(request);
  const { params, world } = request;
  // Link headers use `/organizations/{org_id}/team/{team_id}/…`, as GitHub's do.
  const team =
    params.teamId !== undefined
      ? /^\d+$/.test(params.teamId)
        ? world.teams.get(Number(params.teamId))
        : undefined
      : world.team(params.org ?? '', params.slug ?? '');
  if (team && params.orgId !== undefined && String(team.orgId) !== params.orgId) throw notFound();
  const org = team ? world.accounts.get(team.orgId) : undefined;
  if (!team || !org) throw notFound();
  const member = world.teamMemberIds(team).includes(viewer.id);
  const orgMember = org.memberIds.includes(viewer.id);
  if (!member && !(orgMember && team.privacy === 'closed')) throw notFound();
  // Without `read:org` GitHub answers as for a team it cannot show (no 403 that confirms it).
  if (!hasScope(request.scopes, 'read:org')) throw notFound();
  return team;
}

export const listUserTeams: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'read:org, repo, user',
  handler(request) {
    const viewer = requireViewer(request);
    if (!canListTeams(request.scopes)) {
      throw new GithubError(403, 'Resource not accessible by personal access token', {
        documentation_url:
          'https://docs.github.com/rest/teams/teams#list-teams-for-the-authenticated-user',
      });
    }
    const teams = request.world.teamsOf(viewer.id).sort((a, b) => a.id - b.id);
    const page = paginate(
      teams,
      pageRequest(request.query),
      `${request.urls.api}/user/teams`,
      request.query,
    );
    return {
      body: page.items.map((team) => renderTeamFull(request.render, team)),
      link: page.link,
    };
  },
};

export const listTeamMembers: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'read:org',
  handler(request) {
    const team = visibleTeam(request);
    const role = request.query.get('role') ?? 'all';
    if (!['member', 'maintainer', 'all'].includes(role)) throw notFound();
    const accounts = request.world
      .teamMemberIds(team)
      .map((id) => request.world.accounts.get(id))
      .filter((account) => account !== undefined)
      .sort((a, b) => a.id - b.id);
    // The emulator has no maintainers: every member is a plain `member`.
    const listed = role === 'maintainer' ? [] : accounts;
    const page = paginate(
      listed,
      pageRequest(request.query),
      `${request.urls.api}/organizations/${team.orgId}/team/${team.id}/members`,
      request.query,
    );
    return {
      body: page.items.map((account) => renderSimpleUser(request.urls, account)),
      link: page.link,
    };
  },
};

export const listTeamRepos: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'read:org',
  handler(request) {
    const team = visibleTeam(request);
    const { world } = request;
    // "Lists a team's repositories visible to the authenticated user."
    const repos = team.repos
      .flatMap((entry) => {
        const repo = world.repos.get(entry.repoId);
        return repo && canSeeRepo(world, repo, request.viewer, request.scopes)
          ? [{ repo, permission: entry.permission }]
          : [];
      })
      .sort((a, b) => a.repo.id - b.repo.id);
    const page = paginate(
      repos,
      pageRequest(request.query),
      `${request.urls.api}/organizations/${team.orgId}/team/${team.id}/repos`,
      request.query,
    );
    return {
      body: page.items.map(({ repo, permission }) => ({
        ...renderRepository(request.render, repo),
        ...teamRepoPermissions(permission),
      })),
      link: page.link,
    };
  },
};
