import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkRateLimit, consumeRateLimit } from '../rate-limit/rate-limiter.js';

/** Counts a signup against both the caller's address and the email it names. */
export async function limitSignupAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<void> {
  const { windowSeconds, perIp, perAccount } = app.config.authRateLimit;
  await consumeRateLimit(app.db, `signup:ip:${request.ip}`, { max: perIp, windowSeconds });
  await consumeRateLimit(app.db, `signup:account:${email.toLowerCase()}`, {
    max: perAccount,
    windowSeconds,
  });
}

/**
 * Failed logins count per account *and address*: guessing one account from one address is
 * slowed, but a stranger's failures elsewhere never lock the owner out of their own address.
 */
function loginFailureKey(request: FastifyRequest, email: string): string {
  return `login:failures:${email.toLowerCase()}:${request.ip}`;
}

/** Before checking a password: every attempt counts against the address; a pair over its limit waits. */
export async function limitLoginAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<void> {
  const { windowSeconds, perIp, perAccount } = app.config.authRateLimit;
  await consumeRateLimit(app.db, `login:ip:${request.ip}`, { max: perIp, windowSeconds });
  await checkRateLimit(app.db, loginFailureKey(request, email), { max: perAccount, windowSeconds });
}

export async function recordLoginFailure(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<void> {
  const { windowSeconds, perAccount } = app.config.authRateLimit;
  // The attempt that reaches the limit still answers 401; the next one from here gets the 429.
  await consumeRateLimit(app.db, loginFailureKey(request, email), {
    max: perAccount + 1,
    windowSeconds,
  });
}

/**
 * Refreshes count per address before the token is checked, so guessing tokens is slowed like
 * guessing passwords; a client renews about once per half session lifetime, far below the limit.
 */
export async function limitRefreshAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<void> {
  const { windowSeconds, perIp } = app.config.authRateLimit;
  await consumeRateLimit(app.db, `refresh:ip:${request.ip}`, { max: perIp, windowSeconds });
}

/**
 * Redeeming a one-time link (an invitation's preview, a password reset) counts per address, so
 * guessing tokens is slowed like guessing passwords.
 */
export async function limitLinkAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: 'invitation' | 'password-reset',
): Promise<void> {
  const { windowSeconds, perIp } = app.config.authRateLimit;
  await consumeRateLimit(app.db, `${kind}:ip:${request.ip}`, { max: perIp, windowSeconds });
}
