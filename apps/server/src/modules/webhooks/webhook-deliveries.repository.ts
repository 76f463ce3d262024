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
