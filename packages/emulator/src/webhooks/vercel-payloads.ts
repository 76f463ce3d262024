import type { VercelDeployment } from '../data/model.js';
import type { World } from '../data/world.js';
import { inspectorUrl } from '../data/github-deployment-sync.js';

/** The `payload` of Vercel's deployment webhooks (`alias` only on deployment.created). */
export function vercelDeploymentPayload(
  world: World,
  deployment: VercelDeployment,
  withAlias: boolean,
): Record<string, unknown> {
  const project = world.vercel.projects.get(deployment.projectId);
  const team = project ? world.vercel.teams.get(project.accountId) : undefined;
  const payload: Record<string, unknown> = {
    team: team ? { id: team.id } : null,
    user: { id: deployment.creatorUid },
    deployment: {
      id: deployment.uid,
      meta: deployment.meta,
      url: deployment.url,
      name: project?.name ?? 'project',
    },
    links: {
      deployment: inspectorUrl(world, deployment),
      project: `https://vercel.com/${project ? world.vercel.scopeSlug(project.accountId) : 'unknown'}/${project?.name ?? 'project'}`,
    },
    target: deployment.target,
    project: { id: deployment.projectId },
    plan: team?.plan ?? 'hobby',
    regions: deployment.regions,
  };
  if (withAlias) payload.alias = deployment.aliases;
  return payload;
}
