import type { Account, Team } from '../../data/model.js';
import { nodeId } from '../../data/ids.js';
import { ghTime } from '../urls.js';
import type { RenderContext } from './render-context.js';

type TeamPermission = Team['repos'][number]['permission'];

function teamUrls(ctx: RenderContext, team: Team, org: Account) {
  const api = `${ctx.urls.api}/organizations/${org.id}/team/${team.id}`;
  return {
    url: api,
    html_url: `${ctx.urls.web}/orgs/${encodeURIComponent(org.login)}/teams/${encodeURIComponent(team.slug)}`,
    members_url: `${api}/members{/member}`,
    repositories_url: `${api}/repos`,
  };
}

function orgOf(ctx: RenderContext, team: Team): Account {
  const org = ctx.world.accounts.get(team.orgId);
  if (!org) throw new Error(`Team ${team.slug} has unknown organisation id ${team.orgId}`);
  return org;
}

/** `team-simple`: the parent of a team, and `requested_teams` of a full pull request. */
export function renderTeamSimple(ctx: RenderContext, team: Team): Record<string, unknown> {
  return {
    id: team.id,
    node_id: nodeId('Team', team.id),
    ...teamUrls(ctx, team, orgOf(ctx, team)),
    name: team.name,
    slug: team.slug,
    description: team.description,
    privacy: team.privacy,
    notification_setting: 'notifications_enabled',
    permission: 'pull',
    type: 'organization',
    organization_id: team.orgId,
  };
}

/** `team`: `requested_teams` of pull-request list items, and the webhook's `requested_team`. */
export function renderTeam(ctx: RenderContext, team: Team): Record<string, unknown> {
  const parent = team.parentId === null ? undefined : ctx.world.teams.get(team.parentId);
  return {
    ...renderTeamSimple(ctx, team),
    permissions: { pull: true, triage: false, push: false, maintain: false, admin: false },
    parent: parent ? renderTeamSimple(ctx, parent) : null,
  };
}

/** `team-full` (`GET /user/teams`), with its organisation as `team-organization`. */
export function renderTeamFull(ctx: RenderContext, team: Team): Record<string, unknown> {
  const org = orgOf(ctx, team);
  const parent = team.parentId === null ? undefined : ctx.world.teams.get(team.parentId);
  const orgApi = `${ctx.urls.api}/orgs/${encodeURIComponent(org.login)}`;
  return {
    ...renderTeamSimple(ctx, team),
    parent: parent ? renderTeamSimple(ctx, parent) : null,
    members_count: ctx.world.teamMemberIds(team).length,
    repos_count: team.repos.length,
    created_at: ghTime(team.createdAt),
    updated_at: ghTime(team.updatedAt),
    organization: {
      login: org.login,
      id: org.id,
      node_id: nodeId('Organization', org.id),
      url: orgApi,
      repos_url: `${orgApi}/repos`,
      events_url: `${orgApi}/events`,
      hooks_url: `${orgApi}/hooks`,
      issues_url: `${orgApi}/issues`,
      members_url: `${orgApi}/members{/member}`,
      public_members_url: `${orgApi}/public_members{/member}`,
      avatar_url: ctx.urls.avatar(org.id),
      description: org.bio,
      name: org.name,
      // The schema has no null for these: GitHub leaves them out when unset.
      ...(org.company === null ? {} : { company: org.company }),
      blog: org.blog,
      location: org.location,
      ...(org.publicEmail === null ? {} : { email: org.publicEmail }),
      has_organization_projects: true,
      has_repository_projects: true,
      public_repos: ctx.world.reposOwnedBy(org.id).filter((r) => !r.private).length,
      public_gists: 0,
      followers: org.followers,
      following: 0,
      html_url: ctx.urls.userHtml(org.login),
      type: 'Organization',
      created_at: ghTime(org.createdAt),
      updated_at: ghTime(org.updatedAt),
      archived_at: null,
    },
  };
}

/** A team repository's `permissions` and `role_name`, from the team's permission on it. */
export function teamRepoPermissions(permission: TeamPermission): {
  permissions: Record<string, boolean>;
  role_name: string;
} {
  const order: TeamPermission[] = ['pull', 'triage', 'push', 'maintain', 'admin'];
  const level = order.indexOf(permission);
  return {
    permissions: {
      admin: level >= 4,
      maintain: level >= 3,
      push: level >= 2,
      triage: level >= 1,
      pull: true,
    },
    role_name: {
      pull: 'read',
      triage: 'triage',
      push: 'write',
      maintain: 'maintain',
      admin: 'admin',
    }[permission],
  };
}
