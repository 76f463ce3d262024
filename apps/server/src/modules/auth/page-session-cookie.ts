import type { SessionToken } from '@shipdeck/shared/auth';
import { PAGE_SESSION_COOKIE } from '@shipdeck/shared/server-rendered-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

function cookieOptions(app: FastifyInstance) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
  } as const;
}

/**
 * Gives the browser the session as an HttpOnly cookie too, beside the token in the answer: the
 * server reads it only when it answers a signed-in page's HTML (plugins/signed-in-pages.ts), so
 * it can draw the page. The API authenticates by the bearer token alone, so a request another
 * site makes the browser send can do nothing with the cookie.
 */
export function setPageSessionCookie(
  app: FastifyInstance,
  reply: FastifyReply,
  session: SessionToken,
): void {
  reply.setCookie(PAGE_SESSION_COOKIE, session.token, {
    ...cookieOptions(app),
    expires: new Date(session.expiresAt),
  });
}

/** On sign-out and account deletion, and when the cookie's session is no longer good. */
export function clearPageSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(PAGE_SESSION_COOKIE, cookieOptions(app));
}

/** The session token of the page-session cookie, when the browser sent one. */
export function pageSessionToken(request: FastifyRequest): string | null {
  return request.cookies[PAGE_SESSION_COOKIE] || null;
}
