import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { DAY_MS } from '../../../lib/clock.js';
import { PRUNE_QUEUE } from '../prune-jobs.js';
import { pruneOldRows } from '../prune-old-rows.js';
import { retention } from '../retention-constants.js';

/** A fixed "now" far from the real one, so only the clock given to the prune decides. */
const NOW = new Date('2030-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe.each(testDialects)('pruning old rows on %s', (dialect) => {
  const t = useTestApp(dialect);

  async function seed(userId: string) {
    const db = t.database.db;
    const minute = 60_000;
    await db
      .insertInto('events')
      .values([
        {
          user_id: userId,
          type: 'old',
          payload: '{}',
          created_at: ago(retention.eventReplayWindowMs + minute),
        },
        {
          user_id: userId,
          type: 'recent',
          payload: '{}',
          created_at: ago(retention.eventReplayWindowMs - minute),
        },
      ])
      .execute();
    const delivery = (id: string, receivedAgo: number, applied: boolean) => ({
      provider: 'github' as const,
      delivery_id: id,
      event: 'push',
      payload: '{}',
      received_at: ago(receivedAgo),
      applied_at: applied ? ago(receivedAgo) : null,
      last_error: applied ? null : 'GitHub could not be reached',
    });
    await db
      .insertInto('webhook_deliveries')
      .values([
        delivery('applied-old', retention.appliedWebhookDeliveryMs + minute, true),
        delivery('applied-recent', retention.appliedWebhookDeliveryMs - minute, true),
        delivery('unapplied-old', retention.appliedWebhookDeliveryMs + minute, false),
      ])
      .execute();
    const notification = (
      key: string,
      createdAgo: number,
      state: 'read' | 'cleared' | 'unread',
    ) => ({
      id: `${userId}-${key}`,
      user_id: userId,
      type: 'commits-pushed' as const,
      title: key,
      message: key,
      severity: 'low' as const,
      link: null,
      dedupe_key: key,
      created_at: ago(createdAgo),
      read_at: state === 'read' ? ago(createdAgo) : null,
      cleared_at: state === 'cleared' ? ago(createdAgo) : null,
    });
    const old = retention.readNotificationMs + DAY_MS;
    await db
      .insertInto('notifications')
      .values([
        notification('read-old', old, 'read'),
        notification('cleared-old', old, 'cleared'),
        notification('unread-old', old, 'unread'),
        notification('read-recent', retention.readNotificationMs - DAY_MS, 'read'),
      ])
      .execute();
    await db
      .insertInto('event_tickets')
      .values([
        { ticket_hash: `${userId}-expired`, user_id: userId, expires_at: ago(1000) },
        { ticket_hash: `${userId}-valid`, user_id: userId, expires_at: ago(-60_000) },
      ])
      .execute();
    const entry = (id: string, atAgo: number) => ({
      id,
      at: ago(atAgo),
      actor_kind: 'cli' as const,
      actor_user_id: null,
      actor_username: null,
      action: 'user.disabled' as const,
      target_type: 'user',
      target_id: userId,
      target_label: 'someone',
      ip: null,
      outcome: 'success' as const,
      details: '{}',
    });
    await db
      .insertInto('audit_log')
      .values([
        entry(`${userId}-audit-old`, retention.auditEntryMs + minute),
        entry(`${userId}-audit-recent`, retention.auditEntryMs - minute),
      ])
      .execute();
    const link = (id: string, expiresAgo: number) => ({
      id,
      token_hash: id,
      email: null,
      role: 'member' as const,
      invited_by_user_id: null,
      invited_by: null,
      created_at: ago(expiresAgo + DAY_MS),
      expires_at: ago(expiresAgo),
      used_at: null,
      used_by_user_id: null,
      revoked_at: null,
    });
    await db
      .insertInto('invitations')
      .values([
        link(`${userId}-invitation-old`, retention.spentLinkMs + minute),
        link(`${userId}-invitation-recent`, retention.spentLinkMs - minute),
      ])
      .execute();
  }

  it('deletes only what is past its retention as of the clock it is given', async () => {
    const { userId } = await signUpAndLogIn(t.app);
    await seed(userId);
    const db = t.database.db;

    expect(await pruneOldRows(db, NOW)).toEqual({
      events: 1,
      webhookDeliveries: 1,
      notifications: 2,
      eventTickets: 1,
      auditEntries: 1,
      spentLinks: 1,
    });
    const audit = await db.selectFrom('audit_log').select('id').execute();
    expect(audit.map((row) => row.id)).toEqual([`${userId}-audit-recent`]);
    const invitations = await db.selectFrom('invitations').select('id').execute();
    expect(invitations.map((row) => row.id)).toEqual([`${userId}-invitation-recent`]);
    const events = await db
      .selectFrom('events')
      .select('type')
      .where('user_id', '=', userId)
      .execute();
    expect(events.map((e) => e.type)).toEqual(['recent']);
    const deliveries = await db.selectFrom('webhook_deliveries').select('delivery_id').execute();
    expect(deliveries.map((d) => d.delivery_id).sort()).toEqual([
      'applied-recent',
      'unapplied-old',
    ]);
    const notifications = await db
      .selectFrom('notifications')
      .select('dedupe_key')
      .where('user_id', '=', userId)
      .execute();
    expect(notifications.map((n) => n.dedupe_key).sort()).toEqual(['read-recent', 'unread-old']);
    const tickets = await db.selectFrom('event_tickets').select('ticket_hash').execute();
    expect(tickets.map((row) => row.ticket_hash)).toEqual([`${userId}-valid`]);

    // A second pass at the same time finds nothing more.
    expect(await pruneOldRows(db, NOW)).toEqual({
      events: 0,
      webhookDeliveries: 0,
      notifications: 0,
      eventTickets: 0,
      auditEntries: 0,
      spentLinks: 0,
    });
  });

  it('runs as a job on the engine, at the real time', async () => {
    const { userId } = await signUpAndLogIn(t.app);
    // Dated years before the real now: past every retention.
    await t.database.db
      .insertInto('events')
      .values({
        user_id: userId,
        type: 'ancient',
        payload: '{}',
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
    await t.app.jobs.send(PRUNE_QUEUE, {});
    await t.app.jobs.drain();
    const left = await t.database.db
      .selectFrom('events')
      .select('type')
      .where('user_id', '=', userId)
      .execute();
    expect(left).toEqual([]);
  });
});
