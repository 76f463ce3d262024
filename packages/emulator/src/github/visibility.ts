import type { Account, Repo } from '../data/model.js';
import type { World } from '../data/world.js';

export type Role = 'admin' | 'write' | 'read' | 'none';

/** Scopes that include others, as GitHub documents them. */
const IMPLIED: Record<string, readonly string[]> = {
  repo: ['repo:status', 'repo_deployment', 'public_repo', 'repo:invite', 'security_events'],
  user: ['read:user', 'user:email', 'user:follow'],
  'admin:org': ['write:org', 'read:org'],
  'write:org': ['read:org'],
};

export function hasScope(scopes: readonly string[], needed: string): boolean {
  return scopes.some((scope) => scope === needed || (IMPLIED[scope]?.includes(needed) ?? false));
}

export function viewerRole(world: World, repo: Repo, viewer: Account | null): Role {
  if (!viewer) return 'none';
  if (repo.ownerId === viewer.id) return 'admin';
  const owner = world.accounts.get(repo.ownerId);
  if (owner?.type === 'Organization' && owner.memberIds.includes(viewer.id)) {
    return owner.memberIds[0] === viewer.id ? 'admin' : 'write';
  }
  if (repo.collaboratorIds.includes(viewer.id)) return 'write';
  return repo.private ? 'none' : 'read';
}

/**
 * Whether a token sees a repository. Private ones need access and the `repo` scope;
 * GitHub answers 404 (never 403) otherwise, so callers cannot probe for private names.
 */
export function canSeeRepo(
  world: World,
  repo: Repo,
  viewer: Account | null,
  scopes: readonly string[],
): boolean {
  if (!repo.private) return true;
  const role = viewerRole(world, repo, viewer);
  return role !== 'none' && role !== 'read' && hasScope(scopes, 'repo');
}

/** How the author relates to the repository, as `author_association` reports it. */
export function authorAssociation(world: World, repo: Repo, accountId: number): string {
  if (repo.ownerId === accountId) return 'OWNER';
  const owner = world.accounts.get(repo.ownerId);
  if (owner?.type === 'Organization' && owner.memberIds.includes(accountId)) return 'MEMBER';
  if (repo.collaboratorIds.includes(accountId)) return 'COLLABORATOR';
  return 'CONTRIBUTOR';
}
