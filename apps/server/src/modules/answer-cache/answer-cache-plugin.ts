import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext } from '../auth/authenticate.js';
import type { AnswerCache } from './answer-cache.js';
import { answerKey, createAnswerCache, servable } from './answer-cache.js';

interface AnswerSlot {
  key: string;
  version: number;
  refreshDueAt: string | null;
  ttlMs: number | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialised synced-store answers keyed by (user, URL), valid for one store version. */
    answerCache: AnswerCache;
  }
  interface FastifyRequest {
    answerSlot: AnswerSlot | null;
  }
}

/**
 * Answers the request from the cache when its entry was built at the user's current store
 * version (read with the session) and no refresh is due. Returns whether it answered.
 */
export function sendCachedAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
): boolean {
  const entry = app.answerCache.get(answerKey(auth.user, request.url));
  if (!servable(entry, auth.user.store_version, new Date().toISOString())) return false;
  void reply.type('application/json; charset=utf-8').send(entry.body);
  return true;
}

/**
 * Keeps this request's answer once serialised, under the store version read with the session
 * (before any data was read, so the answer is at least that fresh). `reusableUntil` is when the
 * sync state says a refresh falls due (false: this request queued a sync, keep nothing); `ttlMs`
 * bounds answers over a rolling time window such as the last 30 days.
 */
export function keepAnswer(
  request: FastifyRequest,
  auth: AuthContext,
  reusableUntil: string | null | false,
  ttlMs?: number,
): void {
  if (reusableUntil === false) return;
  request.answerSlot = {
    key: answerKey(auth.user, request.url),
    version: Number(auth.user.store_version),
    refreshDueAt: reusableUntil,
    ttlMs,
  };
}

export const answerCachePlugin = fp(
  (app: FastifyInstance) => {
    app.decorate('answerCache', createAnswerCache());
    app.decorateRequest('answerSlot', null);
    app.addHook('onSend', (request, reply, payload, done) => {
      const slot = request.answerSlot;
      if (slot && reply.statusCode === 200 && typeof payload === 'string') {
        app.answerCache.set(
          slot.key,
          { version: slot.version, body: payload, refreshDueAt: slot.refreshDueAt },
          slot.ttlMs === undefined ? {} : { ttl: slot.ttlMs },
        );
      }
      done(null, payload);
    });
    return Promise.resolve();
  },
  { name: 'answer-cache' },
);
