import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consumeRateLimit } from '../rate-limit/rate-limiter.js';

/** Counts an attempt against both the caller's address and the account it names. */
export async function limitAuthAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  action: 'login' | 'signup',
  account: string,
): Promise<void> {
  const { windowSeconds, perIp, perAccount } = app.config.authRateLimit;
  await consumeRateLimit(app.db, `${action}:ip:${request.ip}`, { max: perIp, windowSeconds });
  await consumeRateLimit(app.db, `${action}:account:${account.toLowerCase()}`, {
    max: perAccount,
    windowSeconds,
  });
}
