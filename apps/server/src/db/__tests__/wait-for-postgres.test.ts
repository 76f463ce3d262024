import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { WaitLogger } from '../wait-for-postgres.js';
import { PostgresUnavailableError, waitForPostgres } from '../wait-for-postgres.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

interface LogLine {
  level: 'info' | 'warn';
  fields: Record<string, unknown>;
  message: string;
}

function recordingLogger(): { log: WaitLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    log: {
      info: (fields, message) => lines.push({ level: 'info', fields, message }),
      warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
    },
  };
}

/** A port nothing listens on (yet): taken from the OS, then let go. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A PostgreSQL that comes up late: connections to `port` are refused until `afterMs`, then
 * forwarded to the real server.
 */
function lateProxy(port: number, target: URL, afterMs: number): { close: () => Promise<void> } {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const timer = setTimeout(() => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    server.listen(port, '127.0.0.1');
  }, afterMs);
  return {
    close: async () => {
      clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      const listening = server;
      if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
    },
  };
}

function throughPort(url: string, port: number): string {
  const rewritten = new URL(url);
  rewritten.hostname = '127.0.0.1';
  rewritten.port = String(port);
  return rewritten.toString();
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe.runIf(postgresUrl)('waitForPostgres', () => {
  const url = postgresUrl ?? '';

  it('retries with backoff while PostgreSQL refuses, logging what it waits for, then connects', async () => {
    const port = await freePort();
    const proxy = lateProxy(port, new URL(url), 1_500);
    cleanups.push(proxy.close);
    const { log, lines } = recordingLogger();
    const started = Date.now();

    await waitForPostgres(throughPort(url, port), { log, deadlineMs: 10_000, firstDelayMs: 100 });

    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    const waits = lines.filter((line) => line.level === 'warn');
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits[0]?.fields).toMatchObject({
      address: `127.0.0.1:${port}`,
      attempt: 1,
      nextDelayMs: 100,
    });
    expect(waits[0]?.message).toContain(`waiting for PostgreSQL at 127.0.0.1:${port}`);
    expect(waits[0]?.message).toContain('ECONNREFUSED');
    // The delay doubles between attempts.
    expect(waits[1]?.fields).toMatchObject({ attempt: 2, nextDelayMs: 200 });
    const done = lines.at(-1);
    expect(done?.level).toBe('info');
    expect(done?.fields).toMatchObject({ address: `127.0.0.1:${port}`, attempt: waits.length + 1 });
  });

  it('connects at once, logging nothing, when PostgreSQL is up', async () => {
    const { log, lines } = recordingLogger();
    await waitForPostgres(url, { log });
    expect(lines).toEqual([]);
  });

  it('gives up with an error naming the address after the deadline', async () => {
    const port = await freePort();
    const { log, lines } = recordingLogger();
    const started = Date.now();

    const waiting = waitForPostgres(throughPort(url, port), {
      log,
      deadlineMs: 1_000,
      firstDelayMs: 100,
    });

    await expect(waiting).rejects.toThrow(PostgresUnavailableError);
    await expect(waiting).rejects.toThrow(
      new RegExp(`PostgreSQL at 127\\.0\\.0\\.1:${port} did not accept connections within 1 s`),
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(elapsed).toBeLessThan(3_000);
    expect(lines.length).toBeGreaterThanOrEqual(3);
  });

  it('does not wait out a refusal that retrying cannot fix (a database that does not exist)', async () => {
    const missing = new URL(url);
    missing.pathname = '/shipdeck_no_such_database';
    const { log, lines } = recordingLogger();

    await expect(waitForPostgres(missing.toString(), { log, deadlineMs: 10_000 })).rejects.toThrow(
      /refused the connection: .*shipdeck_no_such_database/,
    );
    expect(lines).toEqual([]);
  });
});
