import type { FastifyInstance } from 'fastify';
import { applyWebhookDelivery } from './apply-webhook-delivery.js';
import type { WebhookProvider } from './webhook-deliveries.table.js';
import { listUnappliedDeliveries } from './webhook-deliveries.repository.js';

/**
 * JOB ENGINE CALL SITE. The delivery is already stored, so nothing is lost; once the durable job
 * engine is on main this becomes
 * `app.jobs.send('webhook.apply', {provider, deliveryId}, {singletonKey: provider + ':' + deliveryId})`
 * with `applyWebhookDelivery` as the `webhook.apply` handler. Until then it runs in process
 * after the answer, and `applyPendingDeliveries` picks up what a crash left unapplied.
 */
export function enqueueWebhookApply(
  app: FastifyInstance,
  provider: WebhookProvider,
  deliveryId: string,
): Promise<void> {
  const run = applyWebhookDelivery(app, provider, deliveryId).catch((error: unknown) => {
    app.log.error({ err: error, provider, deliveryId }, 'webhook delivery could not be applied');
  });
  pending.add(run);
  void run.finally(() => pending.delete(run));
  return Promise.resolve();
}

const pending = new Set<Promise<void>>();

/** Tests and shutdown wait for deliveries being applied. */
export async function settleWebhookApplies(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** Applies deliveries a previous process stored but did not finish (a crash between the two). */
export async function applyPendingDeliveries(app: FastifyInstance): Promise<void> {
  for (const delivery of await listUnappliedDeliveries(app.db)) {
    await applyWebhookDelivery(app, delivery.provider, delivery.delivery_id).catch(
      (error: unknown) => {
        app.log.warn({ err: error }, 'stored webhook delivery could not be applied');
      },
    );
  }
}
