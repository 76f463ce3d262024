import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.js';
import { nextRound } from '../../lib/next-round.js';
import type {
  AccountChangeListener,
  EventBus,
  EventSignal,
  EventSignalListener,
} from './event-bus.js';

const MAX_BACKOFF_MS = 30_000;
// A listening connection that cannot answer a trivial query this fast is treated as lost.
const CATCH_UP_TIMEOUT_MS = 2_000;

/** Channel names are identifiers; one per schema keeps test schemas (and installations) apart. */
export function eventChannel(schema: string | undefined): string {
  const suffix = schema ? `_${schema.replace(/[^a-z0-9_]/gi, '')}` : '';
  return `shipdeck_events${suffix}`.toLowerCase().slice(0, 63);
}

/**
 * Where the triggers on users and sessions (migration 2026-11-23-060) announce a changed user id,
 * named after the schema the tables live in, as the trigger names it.
 */
export function accountChannel(tableSchema: string): string {
  return `shipdeck_accounts_${tableSchema.replace(/[^a-z0-9_]/gi, '')}`.toLowerCase().slice(0, 63);
}

function parseSignal(payload: string | undefined): EventSignal | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<EventSignal>;
    if (typeof value.userId === 'string' && typeof value.eventId === 'number') {
      return { userId: value.userId, eventId: value.eventId };
    }
  } catch {
    // A foreign or malformed NOTIFY on our channel is ignored.
  }
  return null;
}

/**
 * One dedicated connection per instance LISTENs; NOTIFY carries only `{userId, eventId}` (the
 * event itself is in the table). A dropped listener reconnects with backoff; what it missed
 * meanwhile reaches the browser when it reconnects with Last-Event-ID.
 */
export async function createPostgresEventBus(options: {
  db: Db;
  connectionString: string;
  schema?: string;
  log: FastifyBaseLogger;
}): Promise<EventBus> {
  const channel = eventChannel(options.schema);
  // The schema unqualified table names resolve to, which is where the triggers fire.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    options.db,
  );
  const accounts = accountChannel(rows[0]?.schema ?? 'public');
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  // Whatever was announced while no connection listened is lost: account caches start over.
  const lost = () => emitter.emit('account', null);

  const drop = (listener: pg.Client, error: Error) => {
    options.log.warn({ err: error }, 'event listener connection failed; reconnecting');
    if (client === listener) {
      client = null;
      lost();
    }
    void listener.end().catch(() => undefined);
    scheduleReconnect();
  };

  // PostgreSQL sends a listening connection the notifications committed before a query ahead of
  // that query's answer, so one round trip on it delivers all of them to the listeners.
  const roundTrip = async (): Promise<boolean> => {
    const listener = client;
    if (!listener) return false;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), CATCH_UP_TIMEOUT_MS);
    });
    try {
      const answered = await Promise.race([
        listener.query('select 1').then(
          () => true,
          () => false,
        ),
        timedOut,
      ]);
      if (!answered) drop(listener, new Error('event listener did not answer a round trip'));
      return answered && client === listener;
    } finally {
      clearTimeout(timer);
    }
  };

  const connect = async (): Promise<void> => {
    // Keep-alive: a connection that died silently would otherwise look like a quiet one.
    const next = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === accounts) {
        emitter.emit('account', message.payload ?? null);
        return;
      }
      if (message.channel !== channel) return;
      const signal = parseSignal(message.payload);
      if (signal) emitter.emit('signal', signal);
    });
    next.on('error', (error) => drop(next, error));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      await next.query(`LISTEN ${accounts}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      attempt = 0;
      lost();
    } catch (error) {
      options.log.warn({ err: error }, 'event listener could not connect; retrying');
      await next.end().catch(() => undefined);
      scheduleReconnect();
    }
  };

  const ready = connect();

  return {
    ready,
    announce: async (signal) => {
      await sql`select pg_notify(${channel}, ${JSON.stringify(signal)})`.execute(options.db);
    },
    subscribe: (listener: EventSignalListener) => {
      emitter.on('signal', listener);
      return () => emitter.off('signal', listener);
    },
    subscribeAccountChanges: (listener: AccountChangeListener) => {
      emitter.on('account', listener);
      return () => emitter.off('account', listener);
    },
    listening: () => client !== null,
    catchUp: nextRound(roundTrip),
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await ready;
      emitter.removeAllListeners();
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
