import { AUDIT_RETENTION_DAYS } from '@shipdeck/shared/admin';
import { DAY_MS } from '../../lib/clock.js';

/**
 * How long each kind of kept-for-a-while row lives; the prune job reads these, nothing else
 * should hard-code them.
 */
export const retention = {
  /** Events exist so a reconnecting browser replays what it missed, not as an archive. */
  eventReplayWindowMs: DAY_MS,
  /**
   * An applied webhook delivery is kept this long so a redelivery of it is still recognised;
   * after that a redelivery applies again and the notifications' dedupe keys absorb it.
   */
  appliedWebhookDeliveryMs: 14 * DAY_MS,
  /**
   * A read or cleared notification, counted from when it was created. Its dedupe key goes with
   * it, so this must stay far longer than the look-back of the syncs that notify
   * (`SYNC_NOTIFY_LOOKBACK_MS`), or a sync could notify the same change again.
   */
  readNotificationMs: 90 * DAY_MS,
  /** Who did what on the instance (modules/audit): long enough to answer for a year's changes. */
  auditEntryMs: AUDIT_RETENTION_DAYS * DAY_MS,
  /** Invitation and password-reset links, once used or expired: kept a while for support. */
  spentLinkMs: 30 * DAY_MS,
} as const;

/** Hourly, at a minute of its own, so it does not share the tick of the per-minute refreshes. */
export const PRUNE_CRON = '17 * * * *';
