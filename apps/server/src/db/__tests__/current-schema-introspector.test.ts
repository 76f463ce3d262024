import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database.js';
import { createDatabase } from '../database.js';
import { migrateToLatest } from '../migrate.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

// Parallel test files each migrate, then drop, their own schema in one database.
describe.runIf(postgresUrl)('PostgreSQL introspection beside other schemas', () => {
  const own = `intro_${randomBytes(6).toString('hex')}`;
  const neighbour = `intro_${randomBytes(6).toString('hex')}`;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    if (!postgresUrl) return;
    await admin(async (client) => {
      await client.query(`create schema ${own}`);
      await client.query(`create schema ${neighbour}`);
      await client.query(`create table ${neighbour}.users (id serial primary key)`);
    });
    handle = createDatabase({ dialect: 'postgres', connectionString: postgresUrl, schema: own });
    await migrateToLatest(handle.db, own);
  });

  afterAll(async () => {
    await handle.destroy();
    await admin((client) => client.query(`drop schema ${own}, ${neighbour} cascade`));
  });

  it("lists the current schema's tables only, Kysely's own on request", async () => {
    const tables = await handle.db.introspection.getTables();
    expect(tables.length).toBeGreaterThan(10);
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([own]));
    expect(tables.map((table) => table.name)).toContain('users');
    expect(tables.map((table) => table.name)).not.toContain('kysely_migration');

    const withInternal = await handle.db.introspection.getTables({
      withInternalKyselyTables: true,
    });
    expect(withInternal.map((table) => table.name)).toEqual(
      expect.arrayContaining(['kysely_migration', 'kysely_migration_lock']),
    );
  });

  it('describes columns as Kysely does', async () => {
    const tables = await handle.db.introspection.getTables();
    const users = tables.find((table) => table.name === 'users');
    const id = users?.columns.find((column) => column.name === 'id');
    expect(users?.isView).toBe(false);
    expect(id).toMatchObject({ isNullable: false, dataTypeSchema: 'pg_catalog' });
  });

  it('keeps working while other schemas are created and dropped', async () => {
    let stop = false;
    let dropped = 0;
    const churn = admin(async (client) => {
      while (!stop) {
        const schema = `intro_churn_${randomBytes(6).toString('hex')}`;
        await client.query(
          `create schema ${schema}; create table ${schema}.t (id serial primary key, a text)`,
        );
        await client.query(`drop schema ${schema} cascade`);
        dropped += 1;
      }
    });
    const failures: string[] = [];
    try {
      // Kysely's own introspector fails here about once per hundred reads; ours must never.
      while (dropped < 200) {
        await handle.db.introspection
          .getTables({ withInternalKyselyTables: true })
          .catch((error: unknown) => failures.push(String(error)));
        await migrateToLatest(handle.db, own).catch((error: unknown) =>
          failures.push(String(error)),
        );
      }
    } finally {
      stop = true;
      await churn;
    }
    expect(failures).toEqual([]);
  });
});
