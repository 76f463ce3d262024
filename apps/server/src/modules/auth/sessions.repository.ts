import type { InferResult } from 'kysely';
import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NewSessionRow, SessionRow } from './sessions.table.js';
import type { UserRow } from './users.table.js';

export interface LiveSession {
  session: Pick<SessionRow, 'id' | 'expires_at' | 'last_used_at' | 'github_verified_at'>;
  user: UserRow;
}

export async function insertSession(db: Db, session: NewSessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export function findLiveSessionByHash(
  db: Db,
  tokenHash: string,
  nowIso: string,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

function liveSessionQuery(db: Db, tokenHash: string, nowIso: string) {
  return (
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.expires_at as session_expires_at',
        'sessions.last_used_at as session_last_used_at',
        'sessions.github_verified_at as session_github_verified_at',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', nowIso)
      // Disabling deletes the sessions too; this keeps a session opened in the same instant out.
      .where('users.disabled_at', 'is', null)
      .limit(1)
  );
}

type LiveSessionRow = InferResult<ReturnType<typeof liveSessionQuery>>[number];

// Stand-ins the compiled SQL's parameters are found by.
const TOKEN_HASH = Symbol('token hash');
const NOW = Symbol('now');

// The SQL text of the lookup, built once per database (dialect): building and compiling it with
// Kysely cost more than SQLite running it.
const compiledLookups = new WeakMap<Db, { sql: string; parameters: readonly unknown[] }>();

function compiledLookup(db: Db) {
  let compiled = compiledLookups.get(db);
  if (!compiled) {
    const { sql, parameters } = liveSessionQuery(
      db,
      TOKEN_HASH as unknown as string,
      NOW as unknown as string,
    ).compile();
    compiled = { sql, parameters };
    compiledLookups.set(db, compiled);
  }
  return compiled;
}

/** The live session of a token hash with its user, in one query: every request pays for it. */
export async function findLiveSessionWithUser(
  db: Db,
  tokenHash: string,
  nowIso: string,
): Promise<LiveSession | undefined> {
  const { sql, parameters } = compiledLookup(db);
  const values = parameters.map((value) =>
    value === TOKEN_HASH ? tokenHash : value === NOW ? nowIso : value,
  );
  const { rows } = await db.executeQuery<LiveSessionRow>(CompiledQuery.raw(sql, values));
  const row = rows[0];
  if (!row) return undefined;
  const {
    session_id,
    session_expires_at,
    session_last_used_at,
    session_github_verified_at,
    ...user
  } = row;
  return {
    session: {
      id: session_id,
      expires_at: session_expires_at,
      last_used_at: session_last_used_at,
      github_verified_at: session_github_verified_at,
    },
    user,
  };
}

export async function touchSession(db: Db, id: string, nowIso: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: nowIso }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Returns how many sessions were revoked. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countLiveSessions(db: Db, userId: string, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteExpiredSessions(db: Db, userId: string, nowIso: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', nowIso)
    .execute();
}

/** When a session began and ends, for clients that hold a token without knowing its expiry. */
export function findSessionTimes(
  db: Db,
  id: string,
): Promise<Pick<SessionRow, 'created_at' | 'expires_at'> | undefined> {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Ends every session of the account (disabled, or its password reset). Returns how many. */
export async function deleteAllSessions(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
