import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import type { EmulatorHandle } from '@shipdeck/emulator/start-emulator';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { freePort, serverEntry } from './start-server.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (as in the server suite). */
export const processDialects: ('sqlite' | 'postgres')[] = postgresUrl
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** The environment of a server process that talks to the test's emulator, not demo mode. */
export function serverEnv(
  emulator: EmulatorHandle,
  databaseUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    DATABASE_URL: databaseUrl,
    DEMO_MODE: 'false',
    // These processes test other things than who may sign up (e2e/instance-access.e2e.ts does):
    // outside demo mode the default would refuse every account after the first.
    SIGNUPS: 'open',
    GITHUB_CLIENT_ID: DEMO_OAUTH_APP.clientId,
    GITHUB_CLIENT_SECRET: DEMO_OAUTH_APP.clientSecret,
    GITHUB_API_URL: emulator.githubApiUrl,
    GITHUB_WEB_URL: emulator.oauthUrl,
    VERCEL_API_URL: emulator.vercelApiUrl,
    GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
    JOBS_POLL_INTERVAL_MS: '200',
    ...extra,
  };
}

export const WEBHOOK_SECRET = 'process-test-webhook-secret';

/** A 32-byte key as 64 hex digits, shared by every instance over one database. */
export function newEncryptionKey(): string {
  return randomBytes(32).toString('hex');
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** stderr and stdout so far, for failure messages. */
  output: () => string;
  kill: (signal: NodeJS.Signals) => Promise<void>;
}

const running = new Set<ServerProcess>();

/** Starts the built server on a free port and resolves once `/health` answers 200. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let killed = false;
  child.once('exit', (code, signal) => {
    // A server that dies on its own is a finding: show what it said.
    if (!killed) console.error(`server ${url} exited (${code ?? signal}):\n${output}`);
  });
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      killed = true;
      child.kill(signal);
      await exited;
    },
  };
  running.add(server);
  child.once('exit', () => running.delete(server));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with code ${child.exitCode}: ${output}`);
    }
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy within 120 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** For afterEach: no server process outlives its test. */
export async function killAllServerProcesses(): Promise<void> {
  await Promise.all([...running].map((server) => server.kill('SIGKILL')));
}

/**
 * A server database for one test, read by the test with plain SQL: a WAL SQLite file, or a
 * PostgreSQL database of its own (the server takes a whole database, not a schema), dropped after.
 */
export interface ProcessDatabase {
  /** The server's DATABASE_URL. */
  url: string;
  rows: <T = Record<string, unknown>>(query: string) => Promise<T[]>;
  /** SQLite: `PRAGMA integrity_check` of the file as it is now ('ok' when sound). */
  integrity: () => string;
  drop: () => Promise<void>;
}

export async function createProcessDatabase(
  dialect: 'sqlite' | 'postgres',
): Promise<ProcessDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'shipdeck-proc-'));
    const filename = join(dir, 'shipdeck.db');
    const withFile = <T>(use: (database: SQLite.Database) => T): T => {
      const database = new SQLite(filename);
      try {
        return use(database);
      } finally {
        database.close();
      }
    };
    return {
      url: filename,
      rows: <T>(query: string) => Promise.resolve(withFile((d) => d.prepare(query).all() as T[])),
      integrity: () => withFile((d) => String(d.pragma('integrity_check', { simple: true }))),
      drop: () => {
        rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shipdeck_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    rows: async <T>(query: string) => (await pool.query(query)).rows as T[],
    integrity: () => 'ok',
    drop: async () => {
      await pool.end();
      const cleaner = new pg.Client({ connectionString: postgresUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** JSON calls against a server process, with or without a bearer token. */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const send = () =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // A kept-alive socket the server closed as this request went out (a busy event loop lets its
    // idle timer fire late): a browser retries an idempotent GET on a fresh one, and so does this.
    if (method !== 'GET') throw error;
    response = await send();
  }
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A new local account, signed in: its bearer token. */
export async function signUp(
  baseUrl: string,
  prefix: string,
): Promise<{ token: string; email: string }> {
  const id = `${prefix}${randomBytes(4).toString('hex')}`;
  const account = { username: id, email: `${id}@example.com`, password: 'correct-horse-1' };
  const signup = await call(baseUrl, 'POST', '/auth/signup', { body: account });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const login = await call<{ data: { token: string } }>(baseUrl, 'POST', '/auth/login', {
    body: { email: account.email, password: account.password },
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return { token: login.body.data.token, email: account.email };
}
