import type { VercelDeployment, VercelProject } from './model.js';
import type { World } from './world.js';

export type AliasJobStatus = 'pending' | 'in-progress' | 'succeeded' | 'failed' | 'skipped';

/** `project.lastAliasRequest` as `GET /v9/projects/{id}` sends it after a promote or rollback. */
export interface LastAliasRequest {
  fromDeploymentId: string | null;
  toDeploymentId: string;
  jobStatus: AliasJobStatus;
  requestedAt: number;
  type: 'promote' | 'rollback';
}

/** What promote and rollback change on a project, beyond its deployments' aliases. */
export interface ProjectAliasState {
  lastAliasRequest: LastAliasRequest | null;
  /**
   * Set by a rollback, cleared by a promote: while set, new production deployments build but do
   * not take the production domain (vercel.com/docs/instant-rollback).
   */
  rolledBack: boolean;
  /** `rollbackDescription`, from the rollback's `description` query parameter. */
  rollbackDescription: {
    userId: string;
    username: string;
    description: string;
    createdAt: number;
  } | null;
}

// Kept beside the world rather than in its data file: it is live state of one running emulator,
// and a world loaded from a file starts with no alias request, as a fresh Vercel project does.
const states = new WeakMap<World, Map<string, ProjectAliasState>>();

/** The project's alias state, created empty on first use. */
export function aliasState(world: World, projectId: string): ProjectAliasState {
  let byProject = states.get(world);
  if (!byProject) {
    byProject = new Map();
    states.set(world, byProject);
  }
  let state = byProject.get(projectId);
  if (!state) {
    state = { lastAliasRequest: null, rolledBack: false, rollbackDescription: null };
    byProject.set(projectId, state);
  }
  return state;
}

/** Whether a promote or rollback ever happened on the project (its `targets` then follow the alias). */
export function hasAliasHistory(world: World, projectId: string): boolean {
  return states.get(world)?.get(projectId)?.lastAliasRequest != null;
}

/** The project's production domain, `<name>.vercel.app` (team projects add the team slug). */
export function productionDomain(world: World, project: VercelProject): string {
  const personal = world.vercel.users.has(project.accountId);
  return `${project.name}${personal ? '' : `-${world.vercel.scopeSlug(project.accountId)}`}.vercel.app`;
}

/**
 * The deployment that serves production now: the one holding the production domain, else (for
 * generated data, whose deployments carry no aliases) the newest READY production deployment.
 */
export function productionHolder(
  world: World,
  project: VercelProject,
): VercelDeployment | undefined {
  const domain = productionDomain(world, project);
  const ofProject = world.vercel.deployments.filter((d) => d.projectId === project.id);
  return (
    ofProject.find((d) => d.aliases.includes(domain)) ??
    ofProject.find((d) => d.target === 'production' && d.state === 'READY')
  );
}

/** Moves the production domain to `deployment`, off every other deployment of the project. */
export function moveProductionAlias(
  world: World,
  project: VercelProject,
  deployment: VercelDeployment,
): void {
  const domain = productionDomain(world, project);
  for (const other of world.vercel.deployments)
    if (other.projectId === project.id) other.aliases = other.aliases.filter((a) => a !== domain);
  deployment.aliases = [domain, ...deployment.aliases];
}
