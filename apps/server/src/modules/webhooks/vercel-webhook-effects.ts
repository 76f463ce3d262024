import { notificationTexts } from '@shipdeck/shared/messages';
import { z } from 'zod';
import { dedupeKeys } from '../notifications/dedupe-keys.js';
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
  const { deployment, target } = deploymentPayloadSchema.parse(payload);
  const meta = deployment.meta;
  // Until the Vercel tables map project ids to users, the GitHub repository owner and the commit
  // author (from the deployment's git metadata) are who it concerns.
  const githubLogins = [
    ...new Set(
      [metaString(meta, 'githubOrg'), metaString(meta, 'githubCommitAuthorLogin')].filter(
        (login): login is string => Boolean(login),
      ),
    ),
  ];
  const audience = { githubLogins };
  const changed = { resources: ['deployments' as const, 'projects' as const] };
  const name = deployment.name ?? deployment.url ?? deployment.id;
  const link = deployment.url
    ? `https://${deployment.url.replace(/^https?:\/\//, '')}`
    : '/deployments';

  if (type === 'deployment.error') {
    return {
      audience,
      changed,
      notifications: [
        {
          audience,
          input: {
            type: 'deployment-failed',
            title: `Deployment failed: ${name}`,
            message: notificationTexts.deploymentFailed(name),
            severity: 'critical',
            link: '/deployments',
            dedupeKey: dedupeKeys.deploymentFailed(deployment.id),
          },
        },
      ],
    };
  }
  if (type === 'deployment.succeeded' && target === 'production') {
    return {
      audience,
      changed,
      notifications: [
        {
          audience,
          input: {
            type: 'deployment-ready',
            title: `Live in production: ${name}`,
            message: notificationTexts.deploymentReady(name),
            severity: 'low',
            link,
            dedupeKey: dedupeKeys.deploymentReady(deployment.id),
          },
        },
      ],
    };
  }
  return { ...noEffects, audience, changed };
}
