import type { SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  NewTeamReminderRow,
  ReminderDeliveryStatus,
  TeamReminderRow,
  TeamReminderUpdate,
} from './team-reminders.table.js';

const sameTeam = (org: string, slug: string) =>
  sql<SqlBool>`lower(org) = ${org.toLowerCase()} and lower(team_slug) = ${slug.toLowerCase()}`;

export async function insertReminder(db: Db, row: NewTeamReminderRow): Promise<void> {
  await db.insertInto('team_reminders').values(row).execute();
}

/** A team's reminders, oldest first, with the username of whoever made each. */
export async function listTeamReminders(db: Db, org: string, slug: string) {
  return db
    .selectFrom('team_reminders')
    .leftJoin('users', 'users.id', 'team_reminders.created_by')
    .selectAll('team_reminders')
    .select('users.username as created_by_username')
    .where(sql<SqlBool>`lower(team_reminders.org) = ${org.toLowerCase()}`)
    .where(sql<SqlBool>`lower(team_reminders.team_slug) = ${slug.toLowerCase()}`)
    .orderBy('team_reminders.created_at')
    .orderBy('team_reminders.id')
    .execute();
}
export type TeamReminderWithCreator = Awaited<ReturnType<typeof listTeamReminders>>[number];

/** One reminder of this team (never another team's, whatever its id). */
export async function findTeamReminder(
  db: Db,
  org: string,
  slug: string,
  id: string,
): Promise<TeamReminderWithCreator | undefined> {
  return db
    .selectFrom('team_reminders')
    .leftJoin('users', 'users.id', 'team_reminders.created_by')
    .selectAll('team_reminders')
    .select('users.username as created_by_username')
    .where('team_reminders.id', '=', id)
    .where(sql<SqlBool>`lower(team_reminders.org) = ${org.toLowerCase()}`)
    .where(sql<SqlBool>`lower(team_reminders.team_slug) = ${slug.toLowerCase()}`)
    .executeTakeFirst();
}

export async function findReminderById(db: Db, id: string): Promise<TeamReminderRow | undefined> {
  return db.selectFrom('team_reminders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateReminder(
  db: Db,
  id: string,
  changes: TeamReminderUpdate,
): Promise<void> {
  await db.updateTable('team_reminders').set(changes).where('id', '=', id).execute();
}

export async function deleteReminder(db: Db, org: string, slug: string, id: string) {
  const result = await db
    .deleteFrom('team_reminders')
    .where('id', '=', id)
    .where(sameTeam(org, slug))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every reminder that is on, for the scheduler. */
export async function listEnabledReminders(db: Db): Promise<TeamReminderRow[]> {
  return db.selectFrom('team_reminders').selectAll().where('enabled', '=', 1).execute();
}

/**
 * Records a (reminder, slot) pair; answers whether this call made it. The primary key makes one
 * caller win, however many instances find the slot due at once.
 */
export async function claimDelivery(
  db: Db,
  reminderId: string,
  slot: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('team_reminder_deliveries')
    .values({
      reminder_id: reminderId,
      slot,
      status: 'queued',
      pull_request_count: null,
      attempts: 0,
      last_error: null,
      created_at: now,
      finished_at: null,
    })
    .onConflict((oc) => oc.columns(['reminder_id', 'slot']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function findDelivery(db: Db, reminderId: string, slot: string) {
  return db
    .selectFrom('team_reminder_deliveries')
    .selectAll()
    .where('reminder_id', '=', reminderId)
    .where('slot', '=', slot)
    .executeTakeFirst();
}

export async function countDeliveryAttempt(
  db: Db,
  reminderId: string,
  slot: string,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('team_reminder_deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error }))
    .where('reminder_id', '=', reminderId)
    .where('slot', '=', slot)
    .execute();
}

export async function finishDelivery(
  db: Db,
  reminderId: string,
  slot: string,
  outcome: {
    status: Exclude<ReminderDeliveryStatus, 'queued'>;
    pullRequestCount: number | null;
    error: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .updateTable('team_reminder_deliveries')
    .set({
      status: outcome.status,
      pull_request_count: outcome.pullRequestCount,
      last_error: outcome.error,
      finished_at: outcome.at,
    })
    .where('reminder_id', '=', reminderId)
    .where('slot', '=', slot)
    .execute();
}

/** Forgets deliveries of slots before `before`: long past the scheduler's catch-up window. */
export async function deleteDeliveriesBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('team_reminder_deliveries')
    .where('slot', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Slots recorded but never tried since `createdBefore`: their job may have been lost to a crash
 * between recording the slot and queueing it.
 */
export async function listUntriedDeliveries(db: Db, createdBefore: string, slotSince: string) {
  return db
    .selectFrom('team_reminder_deliveries')
    .select(['reminder_id', 'slot'])
    .where('status', '=', 'queued')
    .where('attempts', '=', 0)
    .where('created_at', '<', createdBefore)
    .where('slot', '>=', slotSince)
    .execute();
}
