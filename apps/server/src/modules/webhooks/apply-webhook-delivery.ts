import type { FastifyInstance } from 'fastify';
import { requestGithubSync } from '../github-sync/request-github-sync.js';
import { notify } from '../notifications/notify.js';
import { requestVercelProjectSync } from '../vercel/vercel-sync-jobs.js';
import { githubWebhookEffects } from './github-webhook-effects.js';
import { vercelEnvelopeSchema, vercelWebhookEffects } from './vercel-webhook-effects.js';
import { refreshShipStatesFromWebhook, shipTargetsOf } from './ship-state-from-webhook.js';
import { clearChecksRerunOf } from '../pull-request-actions/checks-rerun.repository.js';
import { notifySettledChecksReruns } from '../pull-request-actions/checks-rerun-outcome.js';
import { bringsNewCheckResults } from './new-check-results.js';
import { resolveAudience } from '../notifications/audience.js';
import type { WebhookProvider } from './webhook-deliveries.table.js';
import { findDelivery, markDeliveryApplied } from './webhook-deliveries.repository.js';
import type { WebhookEffects } from './webhook-effects.js';
import { announceEvent } from '../notifications/notify.js';

function effectsOf(provider: WebhookProvider, event: string, body: unknown): WebhookEffects {
  if (provider === 'github') return githubWebhookEffects(event, body);
  return vercelWebhookEffects(event, vercelEnvelopeSchema.parse(body).payload);
}

/**
 * Applies one stored delivery. Idempotent: an applied delivery is skipped, and every item it
 * creates has a dedupe key, so a retry after a crash half-way through creates nothing twice.
 */
export async function applyWebhookDelivery(
  app: FastifyInstance,
  provider: WebhookProvider,
  deliveryId: string,
): Promise<void> {
  const delivery = await findDelivery(app.db, provider, deliveryId);
  if (!delivery || delivery.applied_at) return;
  try {
    const body: unknown = JSON.parse(delivery.payload);
    const effects = effectsOf(provider, delivery.event, body);
    // Before the pages are told to refetch, so they find the new review and checks.
    const shipTargets = provider === 'github' ? shipTargetsOf(delivery.event, body) : null;
    // New check results end a re-run Shipdeck asked for ("Re-running" on the ship-status line).
    if (shipTargets && bringsNewCheckResults(delivery.event, body))
      await clearChecksRerunOf(app.db, shipTargets);
    if (shipTargets) {
      await refreshShipStatesFromWebhook(app, shipTargets);
      // With the new checks stored: who asked for a re-run hears how it settled.
      await notifySettledChecksReruns(app, [shipTargets.repositoryId]);
    }
    for (const { audience, input } of effects.notifications) {
      for (const userId of await resolveAudience(app.db, audience)) {
        await notify(app, userId, input);
      }
    }
    const projectId = effects.vercelProjectToRead;
    if (projectId !== undefined) {
      const audience = { githubLogins: [], vercelProjectId: projectId };
      for (const userId of await resolveAudience(app.db, audience)) {
        await requestVercelProjectSync(app, userId, projectId);
      }
    }
    if (effects.githubRefreshFor) {
      // A refresh is conditional and de-duplicated per user: a burst of deliveries costs one.
      for (const userId of await resolveAudience(app.db, effects.githubRefreshFor)) {
        await requestGithubSync(app, userId, 'refresh');
      }
    }
    if (effects.changed) {
      for (const userId of await resolveAudience(app.db, effects.audience)) {
        await announceEvent(app, userId, { type: 'data.changed', ...effects.changed });
      }
    }
    await markDeliveryApplied(app.db, provider, deliveryId, null);
  } catch (error) {
    await markDeliveryApplied(app.db, provider, deliveryId, String(error).slice(0, 500));
    throw error;
  }
}
