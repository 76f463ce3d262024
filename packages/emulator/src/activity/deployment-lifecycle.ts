import { setTimeout as sleep } from 'node:timers/promises';
import { recordDeploymentState, type GithubSideEffects } from '../data/github-deployment-sync.js';
import type {
  Commit,
  Pull,
  Repo,
  VercelDeployment,
  VercelProject,
  VercelState,
} from '../data/model.js';
import { aliasState, moveProductionAlias } from '../data/vercel-alias-state.js';
import { branchAlias, buildDeployment } from '../data/vercel-deployment-factory.js';
import { deploymentStatusPayload } from '../webhooks/github-payloads.js';
import { vercelDeploymentPayload } from '../webhooks/vercel-payloads.js';
import { VERCEL_BOT_LOGIN } from '../data/generate-accounts.js';
import type { WebhookDelivery } from '../webhooks/webhook-dispatcher.js';
import type { ActivityContext } from './activity-context.js';
import { notifyBuildFailed } from './notify-activity.js';

const VERCEL_EVENT: Partial<Record<VercelState, string>> = {
  READY: 'deployment.succeeded',
  ERROR: 'deployment.error',
  CANCELED: 'deployment.canceled',
};

/** Sets a deployment's state and sends what Vercel and GitHub send for it. */
export async function announce(
  ctx: ActivityContext,
  deployment: VercelDeployment,
  state: VercelState,
  repo: Repo | null,
): Promise<void> {
  const { world } = ctx;
  deployment.state = state;
  const effects: GithubSideEffects | null = recordDeploymentState(
    world,
    deployment,
    state,
    Date.now(),
  );
  world.emitDeployment(deployment);
  const sends: Promise<WebhookDelivery[]>[] = [];
  if (state === 'QUEUED')
    sends.push(
      ctx.webhooks.sendVercel(
        'deployment.created',
        vercelDeploymentPayload(world, deployment, true),
      ),
    );
  const vercelEvent = VERCEL_EVENT[state];
  if (vercelEvent)
    sends.push(
      ctx.webhooks.sendVercel(vercelEvent, vercelDeploymentPayload(world, deployment, false)),
    );
  const bot = world.account(VERCEL_BOT_LOGIN);
  if (effects && repo && bot) {
    sends.push(
      ctx.webhooks.sendGithub(
        'deployment_status',
        deploymentStatusPayload(ctx.render(), repo, effects.deployment, effects.status, bot),
        repo.id,
      ),
    );
  }
  for (const batch of await Promise.all(sends)) ctx.deliveries.push(...batch);
}

export interface DeploymentRequest {
  project: VercelProject;
  repo: Repo | null;
  commit: Commit;
  ref: string;
  pull: Pull | null;
  /** Forces the outcome; otherwise READY four times out of five. */
  outcome?: 'READY' | 'ERROR';
}

/** Creates a deployment and walks it QUEUED → BUILDING → READY/ERROR, sending webhooks at each step. */
export async function runDeployment(
  ctx: ActivityContext,
  request: DeploymentRequest,
): Promise<VercelDeployment> {
  const { world } = ctx;
  const scope = world.vercel.scopeSlug(request.project.accountId);
  const creator =
    (request.commit.authorId !== null
      ? world.vercel.userByGithubId(request.commit.authorId)
      : undefined) ??
    world.vercel.users.get(request.project.accountId) ??
    [...world.vercel.users.values()][0];
  if (!creator) throw new Error('No Vercel user to create the deployment');
  const owner = request.repo ? world.accounts.get(request.repo.ownerId) : undefined;
  const authorLogin =
    request.commit.authorId !== null
      ? (world.accounts.get(request.commit.authorId)?.login ?? null)
      : null;
  const plan = {
    project: request.project,
    repo: request.repo,
    scope,
    commit: request.commit,
    ref: request.ref,
    pull: request.pull,
    createdAt: world.vercel.uniqueCreatedAt(Date.now()),
    state: 'QUEUED' as const,
    buildSeconds: 30,
    creator,
  };
  const deployment = buildDeployment(plan, owner, authorLogin);
  world.vercel.addDeployment(deployment);
  request.project.updatedAt = deployment.createdAt;
  await announce(ctx, deployment, 'QUEUED', request.repo);
  await resumeDeployment(ctx, deployment, request.outcome, plan);
  return deployment;
}

/**
 * Waits between deployment states. False once the emulator is closing: a server shutting down
 * does not wait out a demo build (several seconds), and nothing rejects for a caller to catch.
 */
async function pause(ctx: ActivityContext, ms: number): Promise<boolean> {
  if (ctx.signal?.aborted) return false;
  try {
    await sleep(ms, undefined, ctx.signal ? { signal: ctx.signal } : {});
    return true;
  } catch {
    return false;
  }
}

/** Read through a call so that TypeScript does not keep a narrowing across an await. */
function canceled(deployment: VercelDeployment): boolean {
  return deployment.state === 'CANCELED';
}

/** Finishes a deployment from whatever state it is in (also used for generated in-flight ones). */
export async function resumeDeployment(
  ctx: ActivityContext,
  deployment: VercelDeployment,
  outcome: 'READY' | 'ERROR' | undefined,
  aliasPlan?: Parameters<typeof branchAlias>[0],
): Promise<void> {
  const { world } = ctx;
  const project = world.vercel.projects.get(deployment.projectId);
  const repo =
    project?.repoId !== null && project?.repoId !== undefined
      ? (world.repos.get(project.repoId) ?? null)
      : null;
  if (deployment.state === 'QUEUED' || deployment.state === 'INITIALIZING') {
    if (!(await pause(ctx, ctx.deploymentStepMs))) return;
    // PATCH /v12/deployments/{id}/cancel may have stopped it while it waited.
    if (canceled(deployment)) return;
    deployment.buildingAt = Date.now();
    await announce(ctx, deployment, 'BUILDING', repo);
  }
  if (deployment.state !== 'BUILDING') return;
  if (!(await pause(ctx, ctx.deploymentStepMs * 2))) return;
  if (canceled(deployment)) return;
  const final = outcome ?? (ctx.rng.chance(0.8) ? 'READY' : 'ERROR');
  deployment.readyAt = Date.now();
  if (final === 'ERROR') {
    deployment.errorCode = 'BUILD_FAILED';
    deployment.errorMessage = 'Command "npm run build" exited with 1';
  } else if (project) {
    const branch = deployment.meta.branchAlias ?? (aliasPlan ? branchAlias(aliasPlan) : undefined);
    deployment.aliases = branch ? [branch] : [];
    // After an instant rollback, production builds no longer take the production domain until
    // one is promoted (vercel.com/docs/instant-rollback).
    if (deployment.target === 'production' && !aliasState(world, project.id).rolledBack)
      moveProductionAlias(world, project, deployment);
  }
  await announce(ctx, deployment, final, repo);
  if (final === 'ERROR' && repo) notifyBuildFailed(world, repo, deployment);
}
