import type { ServerResponse } from 'node:http';
import { EVENT_HEARTBEAT_MS, eventsQuerySchema } from '@shipdeck/shared/events';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { hashSessionToken } from '../../../lib/session-token.js';
import { takeEventTicket } from '../event-tickets.repository.js';
import { latestEventId, listEventsAfter } from '../events.repository.js';
import { isActiveUser } from '../../auth/users.repository.js';

function lastEventIdHeader(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * Server-Sent Events in the standard format on Fastify's raw reply: `id` is the stored event's
 * id, so a browser that reconnects (to this or any other instance) sends Last-Event-ID and gets
 * what it missed; a comment line every 15 s keeps proxies from closing an idle stream.
 */
export const eventStreamRoute: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  // Hijacked streams never end by themselves; without this, closing the server would wait forever.
  app.addHook('preClose', (done) => {
    for (const raw of open) raw.end();
    open.clear();
    done();
  });

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'Server-Sent Events for the ticket holder: notification.created, data.changed, sync.progress',
        querystring: eventsQuerySchema,
      },
    },
    async (request, reply) => {
      const userId = await takeEventTicket(
        app.db,
        hashSessionToken(request.query.ticket),
        new Date().toISOString(),
      );
      if (!userId) throw new AppError(401, 'UNAUTHORIZED', errorMessages.sessionExpired);
      const resumeFrom =
        lastEventIdHeader(request.headers['last-event-id']) ?? request.query.lastEventId;
      let lastSent = resumeFrom ?? (await latestEventId(app.db, userId));

      reply.hijack();
      const raw = reply.raw;
      // The security headers, set on the reply before it was hijacked.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 3000\n\n');
      open.add(raw);
      app.liveEvents.trackStream(raw, userId);

      let chain = Promise.resolve();
      const flush = () => {
        chain = chain
          .then(async () => {
            for (;;) {
              const rows = await listEventsAfter(app.db, userId, lastSent);
              for (const row of rows) {
                const id = Number(row.id);
                raw.write(`id: ${id}\nevent: ${row.type}\ndata: ${row.payload}\n\n`);
                lastSent = id;
                // Nothing more reaches a tab whose sessions ended.
                if (row.type === 'session.revoked') return void raw.end();
              }
              if (rows.length < 500 || raw.writableEnded) return;
            }
          })
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'could not push events');
          });
      };

      const unsubscribe = app.liveEvents.subscribe((signal) => {
        if (signal.userId === userId && signal.eventId > lastSent) flush();
      });
      // Each beat also asks whether the account may still sign in: a change made where no event
      // could be announced (the command line beside a SQLite server) ends the stream within one.
      const heartbeat = setInterval(() => {
        void isActiveUser(app.db, userId)
          .then((active) => {
            if (raw.writableEnded) return;
            if (active) raw.write(': heartbeat\n\n');
            else raw.end(`event: session.revoked\ndata: {"type":"session.revoked"}\n\n`);
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'stream check failed'));
      }, EVENT_HEARTBEAT_MS);
      heartbeat.unref();
      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(raw);
      };
      request.raw.on('close', cleanup);
      raw.on('close', cleanup);
      flush();
    },
  );
};
