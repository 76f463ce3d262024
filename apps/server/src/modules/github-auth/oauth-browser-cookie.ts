import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Binds an OAuth round trip to the browser that began it: a random value in an HttpOnly cookie,
 * whose hash the stored state (and later the one-time code) carries. A callback or code opened
 * in any other browser has no matching cookie and is refused.
 */
export const OAUTH_BROWSER_COOKIE = 'shipdeck_oauth';
const COOKIE_PATH = '/auth';
const COOKIE_MAX_AGE_SECONDS = 10 * 60;

export function hashBrowserBinding(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Sets a fresh binding cookie on the reply and returns the hash to store with the state. */
export function bindBrowser(app: FastifyInstance, reply: FastifyReply): string {
  const value = randomBytes(32).toString('base64url');
  reply.setCookie(OAUTH_BROWSER_COOKIE, value, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
  return hashBrowserBinding(value);
}

/** The hash of this browser's binding cookie, or null when it sent none. */
export function browserBindingHash(request: FastifyRequest): string | null {
  const value = request.cookies[OAUTH_BROWSER_COOKIE];
  return value ? hashBrowserBinding(value) : null;
}

export function clearBrowserBinding(reply: FastifyReply): void {
  reply.clearCookie(OAUTH_BROWSER_COOKIE, { path: COOKIE_PATH });
}
