import type { FastifyInstance } from 'fastify';
import type { Job } from '../../jobs/job-queue.js';
import type { DeliveryJob } from './deliver-reminder.js';
import {
  DELIVERY_RETRY_DELAY_SECONDS,
  DELIVERY_RETRY_LIMIT,
  deliverReminderSlot,
} from './deliver-reminder.js';
import { slotsBetween } from './reminder-schedule.js';
import { reminderScheduleOf } from './to-reminder-dto.js';
import {
  claimDelivery,
  deleteDeliveriesBefore,
  listEnabledReminders,
  listUntriedDeliveries,
} from './team-reminders.repository.js';

export const REMINDER_TICK_QUEUE = 'team-reminder.tick';
export const REMINDER_DELIVER_QUEUE = 'team-reminder.deliver';

// A slot missed while no instance ran (a restart, a deploy) is still sent this long after.
const CATCH_UP_MS = 15 * 60_000;
// A slot recorded this long ago and never tried has lost its job.
const REQUEUE_AFTER_MS = 2 * 60_000;
// A slot's record only has to outlive the catch-up window; a month answers "was it sent?".
const DELIVERY_RETENTION_MS = 30 * 86_400_000;

/**
 * Finds the (reminder, slot) pairs due by `now` and queues each once: the delivery row's primary
 * key lets one caller win, however many instances tick at once. Answers how many it queued.
 */
function queueDelivery(app: FastifyInstance, job: DeliveryJob): Promise<string | null> {
  return app.jobs.send<DeliveryJob>(REMINDER_DELIVER_QUEUE, job, {
    // Queued at most once while one waits: a second send for the slot is dropped.
    singletonKey: `reminder:${job.reminderId}:${job.slot}`,
    retryLimit: DELIVERY_RETRY_LIMIT,
    retryDelaySeconds: DELIVERY_RETRY_DELAY_SECONDS,
  });
}

/**
 * Finds the (reminder, slot) pairs due by `now` and queues each once: the delivery row's primary
 * key lets one caller win, however many instances tick at once. Answers how many it queued.
 */
export async function queueDueReminders(app: FastifyInstance, now: number): Promise<number> {
  let queued = 0;
  for (const reminder of await listEnabledReminders(app.db)) {
    // Never a slot from before the reminder existed (or was last changed).
    const from = Math.max(now - CATCH_UP_MS, Date.parse(reminder.updated_at));
    for (const slot of slotsBetween(reminderScheduleOf(reminder), from, now)) {
      const slotIso = new Date(slot).toISOString();
      if (!(await claimDelivery(app.db, reminder.id, slotIso, new Date(now).toISOString())))
        continue;
      await queueDelivery(app, { reminderId: reminder.id, slot: slotIso });
      queued += 1;
    }
  }
  // A process that died between recording a slot and queueing its job left it untried: queue it
  // again (dropped by its key when its job does wait).
  const untried = await listUntriedDeliveries(
    app.db,
    new Date(now - REQUEUE_AFTER_MS).toISOString(),
    new Date(now - CATCH_UP_MS).toISOString(),
  );
  for (const delivery of untried) {
    await queueDelivery(app, { reminderId: delivery.reminder_id, slot: delivery.slot });
  }
  return queued;
}

/** The minute tick (one job per tick across instances) and the per-slot delivery jobs. */
export async function registerReminderJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work(REMINDER_TICK_QUEUE, async () => {
    const now = Date.now();
    await queueDueReminders(app, now);
    // Once an hour is plenty for forgetting old slots.
    if (new Date(now).getUTCMinutes() === 23)
      await deleteDeliveriesBefore(app.db, new Date(now - DELIVERY_RETENTION_MS).toISOString());
  });
  await app.jobs.work<DeliveryJob>(REMINDER_DELIVER_QUEUE, (job: Job<DeliveryJob>) =>
    deliverReminderSlot(app, job.data, job),
  );
  await app.jobs.schedule(REMINDER_TICK_QUEUE, '* * * * *');
}
