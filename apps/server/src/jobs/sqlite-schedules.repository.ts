import type { Db } from '../db/database.js';
import { latestSlot } from './cron-slot.js';

/**
 * Creates or replaces the queue's schedule. A new schedule counts the last minute as not yet
 * fired, like pg-boss, so `* * * * *` queues its first job at once.
 */
export async function upsertSchedule(
  db: Db,
  queue: string,
  cron: string,
  data: object,
  now = Date.now(),
): Promise<void> {
  const values = {
    queue,
    cron,
    data: JSON.stringify(data),
    last_slot_at: new Date(now - 60_000).toISOString(),
  };
  await db
    .insertInto('job_schedules')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('queue').doUpdateSet({ cron: values.cron, data: values.data }),
    )
    .execute();
}

export interface DueTick {
  queue: string;
  data: object;
}

/**
 * Takes every schedule whose latest tick has not fired yet. Each tick is taken by a conditional
 * update, so a tick queues one job even when two processes wake for it; ticks missed while the
 * server was down collapse into one.
 */
export async function takeDueTicks(db: Db, now = Date.now()): Promise<DueTick[]> {
  const schedules = await db.selectFrom('job_schedules').selectAll().execute();
  const due: DueTick[] = [];
  for (const schedule of schedules) {
    const slot = new Date(latestSlot(schedule.cron, now)).toISOString();
    if (slot <= schedule.last_slot_at) continue;
    const taken = await db
      .updateTable('job_schedules')
      .set({ last_slot_at: slot })
      .where('queue', '=', schedule.queue)
      .where('last_slot_at', '=', schedule.last_slot_at)
      .executeTakeFirst();
    if (taken.numUpdatedRows > 0n) {
      due.push({ queue: schedule.queue, data: JSON.parse(schedule.data) as object });
    }
  }
  return due;
}
