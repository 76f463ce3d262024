import type { Selectable } from 'kysely';

export type WebhookProvider = 'github' | 'vercel';

/** Every accepted delivery, keyed by the provider's delivery id so a redelivery is ignored. */
export interface WebhookDeliveriesTable {
  provider: WebhookProvider;
  delivery_id: string;
  /** GitHub's `x-github-event` or Vercel's envelope `type`. */
  event: string;
  payload: string;
  received_at: string;
  applied_at: string | null;
  last_error: string | null;
}

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
