import type { VercelTeam, VercelUser } from '../../data/model.js';

/** `AuthUser` with the keys the SDK requires (`resourceConfig`, `stagingPrefix`, `hasTrialAvailable`). */
export function renderAuthUser(user: VercelUser): Record<string, unknown> {
  return {
    id: user.uid,
    email: user.email,
    name: user.name,
    username: user.username,
    avatar: user.avatar,
    defaultTeamId: user.defaultTeamId,
    createdAt: user.createdAt,
    softBlock: null,
    billing: null,
    resourceConfig: { concurrentBuilds: 1, nodeType: 'standard' },
    stagingPrefix:
      user.username
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 10) || 'user',
    hasTrialAvailable: true,
  };
}

export function renderTeam(team: VercelTeam, uid: string): Record<string, unknown> {
  const membership = team.members.find((m) => m.uid === uid);
  const body: Record<string, unknown> = {
    id: team.id,
    slug: team.slug,
    name: team.name,
    avatar: team.avatar,
    description: team.description,
    createdAt: team.createdAt,
    updatedAt: team.updatedAt,
    creatorId: team.creatorUid,
    stagingPrefix: team.slug.replace(/[^a-z0-9]/g, '').slice(0, 10) || 'team',
    billing: { plan: team.plan },
  };
  if (membership)
    body.membership = {
      confirmed: true,
      role: membership.role,
      created: team.createdAt,
      createdAt: team.createdAt,
      uid,
    };
  return body;
}
