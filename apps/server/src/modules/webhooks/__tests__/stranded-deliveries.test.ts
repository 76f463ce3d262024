import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../../../test-app.js';
import { notify } from '../../notifications/notify.js';
import { requeueStrandedDeliveries } from '../enqueue-webhook-apply.js';
import { insertDeliveryOnce } from '../webhook-deliveries.repository.js';
import { githubHeaders, githubPayloads, githubSecret, vercelSecret } from './webhook-fixtures.js';
import { deliverGithubWebhook, signUpAsGithubUser } from '../../../test-webhooks.js';

/**
 * What a process killed at the wrong moment leaves behind: a delivery stored but its apply job
 * never queued, or a notification stored without its live event.
 */
describe.each(testDialects)('deliveries stranded by a crash on %s', (dialect) => {
  const t = useTestApp(dialect, {
    webhooks: { githubSecret, vercelSecret, perMinute: 10_000 },
  });

  /** Stores a delivery as the receiver does, then "dies" before queueing its job. */
  async function strand(owner: string, receivedAt?: string) {
    const { event, body } = githubPayloads.merged(owner);
    const payload = JSON.stringify(body);
    const headers = githubHeaders(event, payload);
    const deliveryId = headers['x-github-delivery'] ?? randomUUID();
    await insertDeliveryOnce(t.database.db, {
      provider: 'github',
      delivery_id: deliveryId,
      event,
      payload,
    });
    if (receivedAt) {
      await t.database.db
        .updateTable('webhook_deliveries')
        .set({ received_at: receivedAt })
        .where('delivery_id', '=', deliveryId)
        .execute();
    }
    return { event, deliveryId, payload, headers };
  }

  async function mergedNotifications(userId: string) {
    return t.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'pull-request-merged')
      .execute();
  }

  async function appliedAt(deliveryId: string) {
    const row = await t.database.db
      .selectFrom('webhook_deliveries')
      .select('applied_at')
      .where('delivery_id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    return row.applied_at;
  }

  it('applies a stranded delivery when GitHub redelivers it, still answering duplicate', async () => {
    const owner = await signUpAsGithubUser(t, `strand-a-${dialect}`);
    const { event, deliveryId, payload, headers } = await strand(`strand-a-${dialect}`);
    await t.app.jobs.drain();
    expect(await appliedAt(deliveryId)).toBeNull();

    const again = await deliverGithubWebhook(t.app, event, payload, headers);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ data: { received: true, duplicate: true } });
    expect(await appliedAt(deliveryId)).not.toBeNull();
    expect(await mergedNotifications(owner.userId)).toHaveLength(1);

    // Once applied, a further redelivery changes nothing.
    await deliverGithubWebhook(t.app, event, payload, headers);
    expect(await mergedNotifications(owner.userId)).toHaveLength(1);
  });

  it('queues again, on its own, a delivery left unapplied for minutes, and only such', async () => {
    const owner = await signUpAsGithubUser(t, `strand-b-${dialect}`);
    const minutesAgo = new Date(Date.now() - 5 * 60 * 1000).toISOString();
    const old = await strand(`strand-b-${dialect}`, minutesAgo);
    // Just received: its job may simply not have been queued yet; left alone.
    const fresh = await strand(`strand-b-${dialect}`);

    expect(await requeueStrandedDeliveries(t.app)).toBe(1);
    await t.app.jobs.drain();
    expect(await appliedAt(old.deliveryId)).not.toBeNull();
    expect(await appliedAt(fresh.deliveryId)).toBeNull();
    expect(await mergedNotifications(owner.userId)).toHaveLength(1);
    expect(await requeueStrandedDeliveries(t.app)).toBe(0);
  });

  it('never keeps a notification whose live event could not be stored', async () => {
    const owner = await signUpAsGithubUser(t, `strand-c-${dialect}`);
    // The event insert fails, as if the process died between the two writes.
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_events before insert on events
        begin select raise(abort, 'events refused'); end`.execute(t.database.db);
    } else {
      await sql`create function refuse_events() returns trigger language plpgsql as
        $$ begin raise exception 'events refused'; end $$`.execute(t.database.db);
      await sql`create trigger refuse_events before insert on events
        for each row execute function refuse_events()`.execute(t.database.db);
    }
    const input = {
      type: 'pull-request-merged' as const,
      title: 'Merged',
      message: 'm',
      severity: 'medium' as const,
      link: null,
      dedupeKey: `strand-c:${dialect}`,
    };
    try {
      await expect(notify(t.app, owner.userId, input)).rejects.toThrow(/events refused/);
      expect(await mergedNotifications(owner.userId)).toHaveLength(0);
    } finally {
      if (dialect === 'sqlite') await sql`drop trigger refuse_events`.execute(t.database.db);
      else await sql`drop trigger refuse_events on events`.execute(t.database.db);
    }
    // The retry creates it, with its event, once.
    expect(await notify(t.app, owner.userId, input)).toBe(true);
    expect(await notify(t.app, owner.userId, input)).toBe(false);
    expect(await mergedNotifications(owner.userId)).toHaveLength(1);
    const events = await t.database.db
      .selectFrom('events')
      .select('payload')
      .where('user_id', '=', owner.userId)
      .where('type', '=', 'notification.created')
      .execute();
    expect(events).toHaveLength(1);
  });
});
