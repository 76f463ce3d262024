import { z } from 'zod';
import { changeNotifications } from '../notifications/change-notifications.js';
import type { WebhookEffects } from './webhook-effects.js';
import { noEffects } from './webhook-effects.js';

export const vercelEnvelopeSchema = z
  .object({
    id: z.string().min(1).max(200),
    type: z.string().min(1).max(100),
    payload: z.record(z.string(), z.unknown()),
  })
  .loose();

const deploymentPayloadSchema = z
  .object({
    deployment: z
      .object({
        id: z.string(),
        name: z.string().optional(),
        url: z.string().optional(),
        meta: z.record(z.string(), z.unknown()).optional(),
      })
      .loose(),
    target: z.string().nullish(),
    project: z.object({ id: z.string() }).loose().optional(),
  })
  .loose();

const DEPLOYMENT_EVENTS = new Set([
  'deployment.created',
  'deployment.succeeded',
  'deployment.ready',
  'deployment.error',
  'deployment.canceled',
  'deployment.promoted',
]);

function metaString(meta: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = meta?.[key];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Maps one Vercel delivery to its effects. A production deployment counts once: from
 * `deployment.succeeded` with target production, never again from `deployment.promoted`.
 */
export function vercelWebhookEffects(type: string, payload: unknown): WebhookEffects {
  if (!DEPLOYMENT_EVENTS.has(type)) return noEffects;
  const { deployment, target, project } = deploymentPayloadSchema.parse(payload);
  const meta = deployment.meta;
  // Everyone whose synced Vercel projects include this one, and the GitHub repository owner and
  // commit author the deployment's git metadata names.
  const githubLogins = [
    ...new Set(
      [metaString(meta, 'githubOrg'), metaString(meta, 'githubCommitAuthorLogin')].filter(
        (login): login is string => Boolean(login),
      ),
    ),
  ];
  const audience = { githubLogins, vercelProjectId: project?.id };
  const changed = { resources: ['deployments' as const, 'projects' as const] };
  // The payload carries no build state or times: the project's deployments are read again.
  const read = project ? { vercelProjectToRead: project.id } : {};
  const name = deployment.name ?? deployment.url ?? deployment.id;

  if (type === 'deployment.error') {
    return {
      audience,
      changed,
      ...read,
      notifications: [
        {
          audience,
          input: changeNotifications.deploymentFailed(deployment.id, name),
        },
      ],
    };
  }
  if (type === 'deployment.succeeded' && target === 'production') {
    return {
      audience,
      changed,
      ...read,
      notifications: [
        {
          audience,
          input: changeNotifications.deploymentReady(deployment.id, name, deployment.url ?? null),
        },
      ],
    };
  }
  return { ...noEffects, audience, changed, ...read };
}
