import type { FastifyInstance } from 'fastify';
import { applyWebhookDelivery } from './apply-webhook-delivery.js';
import type { WebhookProvider } from './webhook-deliveries.table.js';

export const WEBHOOK_APPLY_QUEUE = 'webhook.apply';

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

/** Declares the queue; `applyWebhookDelivery` is idempotent, as at-least-once delivery needs. */
export async function registerWebhookJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work<WebhookApplyJob>(
    WEBHOOK_APPLY_QUEUE,
    async (job) => applyWebhookDelivery(app, job.data.provider, job.data.deliveryId),
    { concurrency: 2 },
  );
}
