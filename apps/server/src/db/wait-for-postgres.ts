import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** What the wait logs through: Fastify's logger, or anything with the same two methods. */
export interface WaitLogger {
  info: (fields: Record<string, unknown>, message: string) => void;
  warn: (fields: Record<string, unknown>, message: string) => void;
}

export interface WaitForPostgresOptions {
  log: WaitLogger;
  /** Give up this long after the first attempt. Default 60 s; tests shorten it. */
  deadlineMs?: number;
  /** Delay before the second attempt; it doubles after each refusal, up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export const POSTGRES_START_DEADLINE_MS = 60_000;

export class PostgresUnavailableError extends Error {
  override name = 'PostgresUnavailableError';
}

// Errors of a server that is not up yet (or whose name does not resolve yet, as in compose
// before the database container starts): worth retrying. Anything else (a wrong password, a
// missing database) will not fix itself, so it ends the wait at once.
const NOT_YET_UP = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  // PostgreSQL's "the database system is starting up" / "is shutting down" (a restart).
  '57P03',
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function isNotYetUp(error: unknown): boolean {
  const code = errorCode(error);
  // pg reports a connection that ends during the handshake, or its own connect timeout, by
  // message only.
  const message = error instanceof Error ? error.message : '';
  return (
    (code !== undefined && NOT_YET_UP.has(code)) ||
    /Connection terminated|timeout expired/i.test(message)
  );
}

function describe(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * Waits until PostgreSQL accepts a connection and answers a query, retrying with backoff.
 * Compose (and Kubernetes, systemd...) may start the server before the database: waiting here
 * keeps a first start from failing on a refused connection, whatever the runtime honours of
 * health conditions.
 */
export async function waitForPostgres(
  connectionString: string,
  options: WaitForPostgresOptions,
): Promise<void> {
  const deadlineMs = options.deadlineMs ?? POSTGRES_START_DEADLINE_MS;
  const maxDelayMs = options.maxDelayMs ?? 5_000;
  const started = Date.now();
  let delayMs = options.firstDelayMs ?? 250;
  for (let attempt = 1; ; attempt += 1) {
    const remainingMs = deadlineMs - (Date.now() - started);
    const client = new pg.Client({
      connectionString,
      // A dropped SYN (a firewall, a host not up) would otherwise hang until the OS gives up.
      connectionTimeoutMillis: Math.max(1_000, Math.min(5_000, remainingMs)),
    });
    const address = `${client.host}:${client.port}`;
    // A refused connection emits 'error' besides rejecting connect(); unhandled, it would crash.
    client.on('error', () => {});
    let failure: unknown = null;
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      failure = error;
    } finally {
      await client.end().catch(() => {});
    }
    if (failure === null) {
      if (attempt > 1) {
        options.log.info({ address, attempt }, `PostgreSQL at ${address} is accepting connections`);
      }
      return;
    }
    if (!isNotYetUp(failure)) {
      throw new PostgresUnavailableError(
        `PostgreSQL at ${address} refused the connection: ${describe(failure)}`,
        { cause: failure },
      );
    }
    const elapsedMs = Date.now() - started;
    if (elapsedMs >= deadlineMs) {
      throw new PostgresUnavailableError(
        `PostgreSQL at ${address} did not accept connections within ${Math.round(deadlineMs / 1000)} s (${attempt} attempts): ${describe(failure)}`,
        { cause: failure },
      );
    }
    const nextDelayMs = Math.min(delayMs, deadlineMs - elapsedMs);
    options.log.warn(
      { address, attempt, nextDelayMs, error: describe(failure) },
      `waiting for PostgreSQL at ${address}: attempt ${attempt} failed (${describe(failure)}), next in ${(nextDelayMs / 1000).toFixed(1)} s`,
    );
    await sleep(nextDelayMs);
    delayMs = Math.min(delayMs * 2, maxDelayMs);
  }
}
