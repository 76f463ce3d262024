import type { Db } from '../../db/database.js';
import { pruneAuditEntries } from '../audit/audit-log.repository.js';
import { deleteEventsBefore } from '../events/events.repository.js';
import { retention } from './retention-constants.js';

export interface PruneResult {
  events: number;
  webhookDeliveries: number;
  notifications: number;
  eventTickets: number;
  auditEntries: number;
  spentLinks: number;
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/**
 * Deletes what has outlived its use as of `now`: events past the replay window, applied webhook
 * deliveries and read or cleared notifications past their retention, expired event tickets,
 * audit entries older than 400 days, and invitation and reset links long expired.
 * Unread notifications and deliveries not yet applied are kept whatever their age.
 */
export async function pruneOldRows(db: Db, now: Date): Promise<PruneResult> {
  const events = await deleteEventsBefore(db, before(now, retention.eventReplayWindowMs));
  const deliveries = await db
    .deleteFrom('webhook_deliveries')
    .where('applied_at', 'is not', null)
    .where('received_at', '<', before(now, retention.appliedWebhookDeliveryMs))
    .executeTakeFirst();
  const notifications = await db
    .deleteFrom('notifications')
    .where('created_at', '<', before(now, retention.readNotificationMs))
    .where((eb) => eb.or([eb('read_at', 'is not', null), eb('cleared_at', 'is not', null)]))
    .executeTakeFirst();
  const tickets = await db
    .deleteFrom('event_tickets')
    .where('expires_at', '<', now.toISOString())
    .executeTakeFirst();
  const auditEntries = await pruneAuditEntries(db, before(now, retention.auditEntryMs));
  const spentBefore = before(now, retention.spentLinkMs);
  const invitations = await db
    .deleteFrom('invitations')
    .where('expires_at', '<', spentBefore)
    .executeTakeFirst();
  const resets = await db
    .deleteFrom('password_resets')
    .where('expires_at', '<', spentBefore)
    .executeTakeFirst();
  return {
    events,
    auditEntries,
    spentLinks: Number(invitations.numDeletedRows) + Number(resets.numDeletedRows),
    webhookDeliveries: Number(deliveries.numDeletedRows),
    notifications: Number(notifications.numDeletedRows),
    eventTickets: Number(tickets.numDeletedRows),
  };
}
