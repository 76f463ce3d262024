import type { Account } from '../../data/model.js';
import { GithubError, validationFailed } from '../github-error.js';
import type { GithubRoute } from '../github-request.js';
import { pageRequest, paginate } from '../pagination.js';
import { renderTeam, teamRepoPermissions } from '../render/team.js';
import { renderSimpleUser } from '../render/user.js';
import { linkUrl, resolveRepo } from '../repo-access.js';
import { viewerRole } from '../visibility.js';

const ROLE_PERMISSION = { admin: 'admin', write: 'push', read: 'pull' } as const;
const LEVELS = ['pull', 'triage', 'push', 'maintain', 'admin'] as const;

/**
 * GET /repos/{o}/{r}/collaborators (PROVIDERS.md §11.4): the owner or the organisation's members
 * (`affiliation=all|direct`) and the outside collaborators (`all|outside`), each with
 * `permissions` and `role_name`; only people with push access may list them.
 */
export const listCollaborators: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'read:org, repo',
  handler(request) {
    const target = resolveRepo(request);
    const { world } = request;
    const { repo } = target;
    const role = viewerRole(world, repo, request.viewer);
    if (role !== 'admin' && role !== 'write')
      throw new GithubError(403, 'Must have push access to view repository collaborators.', {
        documentation_url:
          'https://docs.github.com/rest/collaborators/collaborators#list-repository-collaborators',
      });
    const affiliation = request.query.get('affiliation') ?? 'all';
    if (!['all', 'direct', 'outside'].includes(affiliation))
      throw validationFailed('Repository', 'affiliation');
    const permission = request.query.get('permission');
    if (permission !== null && !(LEVELS as readonly string[]).includes(permission))
      throw validationFailed('Repository', 'permission');
    const owner = world.ownerOf(repo);
    const members = owner.type === 'Organization' ? owner.memberIds : [owner.id];
    const ids = [
      ...(affiliation === 'outside' ? [] : members),
      ...(affiliation === 'all' || affiliation === 'outside'
        ? repo.collaboratorIds.filter((id) => !members.includes(id))
        : []),
    ];
    const people = [...new Set(ids)]
      .map((id) => world.accounts.get(id))
      .filter((a): a is Account => a !== undefined && a.type !== 'Organization')
      .map((account) => {
        const accountRole = viewerRole(world, repo, account);
        const level = accountRole === 'none' ? 'pull' : ROLE_PERMISSION[accountRole];
        return { account, level, roleName: accountRole === 'none' ? 'read' : accountRole };
      })
      .filter(
        ({ level }) =>
          permission === null ||
          LEVELS.indexOf(level) >= LEVELS.indexOf(permission as (typeof LEVELS)[number]),
      );
    const page = paginate(people, pageRequest(request.query), linkUrl(target), request.query);
    return {
      body: page.items.map(({ account, level, roleName }) => ({
        ...renderSimpleUser(request.urls, account),
        permissions: teamRepoPermissions(level).permissions,
        role_name: roleName,
      })),
      link: page.link,
    };
  },
};

/** GET /repos/{o}/{r}/teams: the organisation's teams with access, with their permission on it. */
export const listRepoTeams: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'public_repo, repo',
  handler(request) {
    const target = resolveRepo(request);
    const teams = [...request.world.teams.values()]
      .flatMap((team) => {
        const access = team.repos.find((r) => r.repoId === target.repo.id);
        return access ? [{ team, permission: access.permission }] : [];
      })
      .sort((a, b) => a.team.id - b.team.id);
    const page = paginate(teams, pageRequest(request.query), linkUrl(target), request.query);
    return {
      body: page.items.map(({ team, permission }) => ({
        ...renderTeam(request.render, team),
        permission,
        permissions: teamRepoPermissions(permission).permissions,
      })),
      link: page.link,
    };
  },
};
