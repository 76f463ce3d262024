import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NewUserRow, UserRow, UserRowUpdate } from './users.table.js';

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: string, changes: UserRowUpdate): Promise<UserRow> {
  return db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sessions and every other per-user row go with it through ON DELETE CASCADE; the attempt
 * counters that name the account by email or username are keyed by text, so they go by hand.
 */
export async function deleteUser(db: Db, id: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'username'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (user) {
    const names = [user.email.toLowerCase(), user.username.toLowerCase()];
    await db
      .deleteFrom('rate_limits')
      .where((eb) => eb.or(names.flatMap((name) => [eb('key', 'like', `%:account:${name}`)])))
      .execute();
  }
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export function findUserByGithubId(db: Db, githubId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('github_id', '=', githubId).executeTakeFirst();
}

/** Owners who can still sign in, other than `exceptId`: the last-owner rule counts these. */
export async function countOtherActiveOwners(db: Db, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the account still exists and is not disabled. */
export async function isActiveUser(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
