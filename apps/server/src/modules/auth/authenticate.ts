import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import { hashSessionToken } from '../../lib/session-token.js';
import type { SessionCache } from './session-cache.js';
import { createSessionCache } from './session-cache.js';
import type { LiveSession } from './sessions.repository.js';
import { findLiveSessionWithUser, touchSession } from './sessions.repository.js';
import type { UserRow } from './users.table.js';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
  /** Set when this session was opened by a GitHub sign-in. */
  githubVerifiedAt: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Signed-in sessions this instance has read, forgotten on any change to their rows. */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

// Touching last_used_at on every request would turn reads into writes; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Returns the signed-in user of a request that passed `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, 'UNAUTHORIZED', errorMessages.unauthorized);
  return request.auth;
}

/**
 * Empties the cache on every change to a user or session row that could make it wrong: this
 * process's own writes (seen by the database handle once committed), another process's (SQLite's
 * data_version, PostgreSQL's triggers through the live-event listener), and stops trusting it
 * while that listener is down.
 */
function watchSessionCache(app: FastifyInstance, cache: SessionCache): void {
  const stopWrites = app.database.accountWrites.subscribe(() => cache.forgetAll());
  const stopChanges = app.liveEvents.subscribeAccountChanges((userId) => {
    if (userId === null) cache.setTrusted(app.liveEvents.listening());
    else cache.forgetUser(userId);
  });
  cache.setTrusted(app.liveEvents.listening());
  app.addHook('onClose', async () => {
    stopWrites();
    stopChanges();
  });
}

async function liveSession(
  app: FastifyInstance,
  crossInstance: boolean,
  tokenHash: string,
  nowIso: string,
): Promise<LiveSession | undefined> {
  app.database.accountWrites.checkOutside();
  // Another instance may have revoked this session an instant ago: the cache may answer only
  // once every change committed before this request has reached this instance.
  const caughtUp = !crossInstance || (await app.liveEvents.catchUp());
  const cached = caughtUp ? app.sessionCache.get(tokenHash, nowIso) : undefined;
  if (cached) return cached;
  const mark = app.sessionCache.markRead();
  const live = await findLiveSessionWithUser(app.db, tokenHash, nowIso);
  if (live) app.sessionCache.keep(tokenHash, live, mark);
  return live;
}

export const authenticatePlugin = fp(
  (app: FastifyInstance) => {
    const cache = createSessionCache();
    const crossInstance = app.database.dialect === 'postgres';
    app.decorate('sessionCache', cache);
    watchSessionCache(app, cache);
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new AppError(401, 'UNAUTHORIZED', errorMessages.unauthorized);
      const now = new Date();
      const live = await liveSession(
        app,
        crossInstance,
        hashSessionToken(token),
        now.toISOString(),
      );
      if (!live) throw new AppError(401, 'UNAUTHORIZED', errorMessages.sessionExpired);
      const { session, user } = live;
      if (now.getTime() - Date.parse(session.last_used_at) > TOUCH_INTERVAL_MS) {
        // A write to sessions: the cache forgets this session and reads the new time next.
        await touchSession(app.db, session.id, now.toISOString());
      }
      request.auth = {
        user,
        sessionId: session.id,
        githubVerifiedAt: session.github_verified_at,
      };
    });
    return Promise.resolve();
  },
  { name: 'authenticate', decorators: { fastify: ['db', 'database', 'liveEvents'] } },
);
