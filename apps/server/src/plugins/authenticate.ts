import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { hashSessionToken } from '../lib/session-token.js';
import { findLiveSessionWithUser, touchSession } from '../modules/auth/sessions.repository.js';
import type { UserRow } from '../modules/auth/users.table.js';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
  /** Set when this session was opened by a GitHub sign-in. */
  githubVerifiedAt: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
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

export const authenticatePlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new AppError(401, 'UNAUTHORIZED', errorMessages.unauthorized);
      const now = new Date();
      const live = await findLiveSessionWithUser(
        app.db,
        hashSessionToken(token),
        now.toISOString(),
      );
      if (!live) throw new AppError(401, 'UNAUTHORIZED', errorMessages.sessionExpired);
      const { session, user } = live;
      if (now.getTime() - Date.parse(session.last_used_at) > TOUCH_INTERVAL_MS) {
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
  { name: 'authenticate', decorators: { fastify: ['db'] } },
);
