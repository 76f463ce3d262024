import type { Kysely } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import application types.
// On PostgreSQL every instance keeps signed-in sessions in memory; any change to a user or
// session row, by any instance or by hand, is announced to all of them (postgres-event-bus.ts
// names the channel the same way) so each forgets that user at once. SQLite means one process,
// whose own writes its database handle sees.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const channel = sql.raw(
    `left('shipdeck_accounts_' || lower(regexp_replace(TG_TABLE_SCHEMA, '[^a-zA-Z0-9_]', '', 'g')), 63)`,
  );
  for (const [table, userId] of [
    ['users', 'id'],
    ['sessions', 'user_id'],
  ] as const) {
    const fn = sql.raw(`shipdeck_${table}_changed`);
    await sql`
      create or replace function ${fn}() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${channel}, old.${sql.raw(userId)});
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_changed`)}
      after update or delete on ${sql.table(table)}
      for each row execute function ${fn}()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of ['users', 'sessions']) {
    await sql`drop trigger if exists ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(
      db,
    );
    await sql`drop function if exists ${sql.raw(`shipdeck_${table}_changed`)}()`.execute(db);
  }
}
