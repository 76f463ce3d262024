import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountChangeListener, EventBus, EventSignalListener } from './event-bus.js';
import { createInProcessEventBus } from './in-process-event-bus.js';
import { createPostgresEventBus } from './postgres-event-bus.js';

export interface LiveEvents {
  /**
   * Announces an event the caller stored itself (`insertEvent`, in the transaction that made the
   * change it reports, so a crash cannot keep one without the other). Features tell the browser
   * through notifications/notify.ts (`notify`, `storeAndAnnounce`, `announceEvent`), which do both.
   */
  announce(userId: string, eventId: number): Promise<void>;
  subscribe(listener: EventSignalListener): () => void;
  /** Users whose account rows another instance (or anyone) changed: see EventBus. */
  subscribeAccountChanges(listener: AccountChangeListener): () => void;
  listening(): boolean;
  /** See EventBus.catchUp. */
  catchUp(): Promise<boolean>;
  /**
   * Counts an open event stream until its response closes (`openStreams`, for the metrics), and
   * whose it is (`liveUserIds`: the user has Shipdeck open).
   */
  trackStream(raw: ServerResponse, userId?: string): void;
  /** Event streams open on this instance now. */
  openStreams(): number;
  /** Users with an event stream open on this instance now. */
  liveUserIds(): string[];
  /** Hears every stream that opens on this instance, by its user; answers an unsubscribe. */
  subscribeStreamOpened(listener: (userId: string) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: LiveEvents;
  }
}

export const liveEventsPlugin = fp(
  async (app: FastifyInstance) => {
    const databaseConfig = app.database.config;
    const bus: EventBus =
      databaseConfig.dialect === 'postgres'
        ? await createPostgresEventBus({
            db: app.db,
            connectionString: databaseConfig.connectionString,
            schema: databaseConfig.schema,
            log: app.log,
          })
        : createInProcessEventBus();
    app.addHook('onClose', () => bus.close());
    await bus.ready;
    const streams = new Map<ServerResponse, string | undefined>();
    const openedListeners = new Set<(userId: string) => void>();

    app.decorate('liveEvents', {
      announce: (userId: string, eventId: number) => bus.announce({ userId, eventId }),
      subscribe: (listener: EventSignalListener) => bus.subscribe(listener),
      subscribeAccountChanges: (listener: AccountChangeListener) =>
        bus.subscribeAccountChanges(listener),
      listening: () => bus.listening(),
      catchUp: () => bus.catchUp(),
      trackStream: (raw: ServerResponse, userId?: string) => {
        if (raw.closed) return;
        streams.set(raw, userId);
        raw.once('close', () => streams.delete(raw));
        if (userId === undefined) return;
        for (const listener of openedListeners) {
          try {
            listener(userId);
          } catch (error) {
            app.log.warn({ err: error }, 'a stream-opened listener failed');
          }
        }
      },
      openStreams: () => streams.size,
      liveUserIds: () => [
        ...new Set([...streams.values()].filter((id): id is string => id !== undefined)),
      ],
      subscribeStreamOpened: (listener: (userId: string) => void) => {
        openedListeners.add(listener);
        return () => openedListeners.delete(listener);
      },
    });
  },
  { name: 'live-events', decorators: { fastify: ['db', 'database'] } },
);
