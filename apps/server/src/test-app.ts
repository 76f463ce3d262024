import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { BuildAppOptions } from './app.js';
import { buildApp } from './app.js';
import type { AppConfig } from './config/env.js';
import { loadConfig } from './config/env.js';
import type { DatabaseHandle } from './db/database.js';
import { createDatabase } from './db/database.js';

export type TestDialect = 'sqlite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Every server suite runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDialects: TestDialect[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
    encryptionKey: randomBytes(32),
    // The suites hash hundreds of passwords, and nothing they check depends on the cost.
    passwordHashCost: { memoryCost: 1_024, timeCost: 1 },
    ...overrides,
  };
}

/** A private database: in-memory SQLite, or a fresh PostgreSQL schema dropped afterwards. */
async function openTestDatabase(
  dialect: TestDialect,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const handle = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
    return { handle, drop: () => handle.destroy() };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = createDatabase({ dialect: 'postgres', connectionString: postgresUrl, schema });
  return {
    handle,
    drop: async () => {
      await handle.destroy();
      const cleaner = new pg.Client({ connectionString: postgresUrl });
      await cleaner.connect();
      await cleaner.query(`drop schema ${schema} cascade`);
      await cleaner.end();
    },
  };
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
}

/** Builds one app per suite over its own database and tears both down after it. */
export function useTestApp(
  dialect: TestDialect,
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildAppOptions, 'onRoute' | 'logStream'> = {},
): TestApp {
  let app: FastifyInstance | undefined;
  let database: { handle: DatabaseHandle; drop: () => Promise<void> } | undefined;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    app = await buildApp({
      config: testConfig(overrides),
      database: database.handle,
      ...options,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  return {
    get app() {
      if (!app) throw new Error('test app not built yet');
      return app;
    },
    get database() {
      if (!database) throw new Error('test database not open yet');
      return database.handle;
    },
  };
}

let counter = 0;

/** A unique, valid account for one test. */
export function newAccount(prefix = 'user') {
  counter += 1;
  const id = `${prefix}${counter}${randomBytes(3).toString('hex')}`;
  return { username: id, email: `${id}@example.com`, password: 'correct-horse-1' };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

/** The `data` of a `{ data }` envelope, checked against the schema the browser parses it with. */
export function dataOf<T>(
  response: { json: () => unknown },
  schema: { parse: (v: unknown) => T },
): T {
  return schema.parse((response.json() as { data: unknown }).data);
}

export async function signUpAndLogIn(
  app: FastifyInstance,
  account = newAccount(),
): Promise<{ account: ReturnType<typeof newAccount>; token: string; userId: string }> {
  const signup = await app.inject({ method: 'POST', url: '/auth/signup', payload: account });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  return { account, ...(await logIn(app, account)) };
}

/** A new session of an existing account. */
export async function logIn(
  app: FastifyInstance,
  { email, password }: { email: string; password: string },
): Promise<{ token: string; userId: string }> {
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
  });
  const body = login.json<{ data: { token: string; user: { id: string } } }>();
  return { token: body.data.token, userId: body.data.user.id };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/**
 * Two instances in one process, each with its own pool and LISTEN connection, over one fresh
 * PostgreSQL schema: what two processes behind a load balancer share. Only where
 * TEST_DATABASE_URL is set (wrap the suite in `describe.runIf(postgresUrl)`).
 */
export function useTwoPostgresInstances(overrides: Partial<AppConfig> = {}): {
  readonly apps: [FastifyInstance, FastifyInstance];
} {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    if (!postgresUrl) return;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const config = testConfig({
      ...overrides,
      database: { dialect: 'postgres', connectionString: postgresUrl, schema },
    });
    for (let index = 0; index < 2; index += 1) {
      const handle = createDatabase(config.database);
      handles.push(handle);
      apps.push(await buildApp({ config, database: handle }));
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.destroy();
    if (!postgresUrl) return;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });

  return {
    get apps(): [FastifyInstance, FastifyInstance] {
      const [first, second] = apps;
      if (!first || !second) throw new Error('the two instances are not built yet');
      return [first, second];
    },
  };
}
