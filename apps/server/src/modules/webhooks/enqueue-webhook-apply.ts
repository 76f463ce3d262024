import type { FastifyInstance } from 'fastify';
import { applyWebhookDelivery } from './apply-webhook-delivery.js';
import type { WebhookProvider } from './webhook-deliveries.table.js';
import { listStrandedDeliveries } from './webhook-deliveries.repository.js';

export const WEBHOOK_APPLY_QUEUE = 'webhook.apply';
export const WEBHOOK_REQUEUE_QUEUE = 'webhook.requeue';
/** A delivery unapplied and untried this long after it arrived lost its job to a crash. */
const STRANDED_AFTER_MS = 2 * 60 * 1000;
/** How far back the sweep looks: a server down longer than this leaves older ones alone. */
const STRANDED_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

interface WebhookApplyJob {
  provider: WebhookProvider;
  deliveryId: string;
}

/**
 * The delivery is stored before this runs, so a crash loses nothing: the durable job is
 * retried with backoff, and the singleton key keeps one delivery from being queued twice.
 */
export async function enqueueWebhookApply(
  app: FastifyInstance,
  provider: WebhookProvider,
  deliveryId: string,
): Promise<void> {
  await app.jobs.send<WebhookApplyJob>(
    WEBHOOK_APPLY_QUEUE,
    { provider, deliveryId },
    { singletonKey: `${provider}:${deliveryId}`, priority: 5, retryLimit: 5 },
  );
}

/**
 * A process killed between storing a delivery and queueing its job leaves it stored and never
 * applied, and a redelivery is taken for a duplicate. Queues those again (the singleton key drops
 * any already queued); answers how many.
 */
export async function requeueStrandedDeliveries(
  app: FastifyInstance,
  now = Date.now(),
): Promise<number> {
  const stranded = await listStrandedDeliveries(app.db, {
    from: new Date(now - STRANDED_WITHIN_MS).toISOString(),
    to: new Date(now - STRANDED_AFTER_MS).toISOString(),
  });
  for (const row of stranded) await enqueueWebhookApply(app, row.provider, row.delivery_id);
  return stranded.length;
}

/** Declares the queues; `applyWebhookDelivery` is idempotent, as at-least-once delivery needs. */
export async function registerWebhookJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work<WebhookApplyJob>(
    WEBHOOK_APPLY_QUEUE,
    async (job) => applyWebhookDelivery(app, job.data.provider, job.data.deliveryId),
    { concurrency: 2 },
  );
  await app.jobs.work(WEBHOOK_REQUEUE_QUEUE, async () => {
    const requeued = await requeueStrandedDeliveries(app);
    if (requeued > 0) app.log.warn({ requeued }, 'webhook deliveries queued again after a crash');
  });
  await app.jobs.schedule(WEBHOOK_REQUEUE_QUEUE, '* * * * *');
}
