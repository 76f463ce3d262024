import type { Db } from '../../db/database.js';
import type { WebhookDeliveryRow, WebhookProvider } from './webhook-deliveries.table.js';

/** Answers false when this delivery id was already received (a redelivery). */
export async function insertDeliveryOnce(
  db: Db,
  row: { provider: WebhookProvider; delivery_id: string; event: string; payload: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values({ ...row, received_at: new Date().toISOString(), applied_at: null, last_error: null })
    .onConflict((oc) => oc.columns(['provider', 'delivery_id']).doNothing())
    .returning('delivery_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findDelivery(
  db: Db,
  provider: WebhookProvider,
  deliveryId: string,
): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('provider', '=', provider)
    .where('delivery_id', '=', deliveryId)
    .executeTakeFirst();
}

export async function markDeliveryApplied(
  db: Db,
  provider: WebhookProvider,
  deliveryId: string,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set(error ? { last_error: error } : { applied_at: new Date().toISOString(), last_error: null })
    .where('provider', '=', provider)
    .where('delivery_id', '=', deliveryId)
    .execute();
}

/**
 * Deliveries received in the window that were never applied nor failed: their job was lost (the
 * process died before queueing it). The oldest first, a bounded batch per call; the window keeps
 * the scan to recent rows of the `received_at` index.
 */
export function listStrandedDeliveries(
  db: Db,
  window: { from: string; to: string },
  limit = 500,
): Promise<Pick<WebhookDeliveryRow, 'provider' | 'delivery_id'>[]> {
  return db
    .selectFrom('webhook_deliveries')
    .select(['provider', 'delivery_id'])
    .where('received_at', '>=', window.from)
    .where('received_at', '<', window.to)
    .where('applied_at', 'is', null)
    .where('last_error', 'is', null)
    .orderBy('received_at')
    .limit(limit)
    .execute();
}
