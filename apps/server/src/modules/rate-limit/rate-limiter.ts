import { errorMessages } from '@shipdeck/shared/messages';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit on `key` in its current fixed window and throws 429 past `max`.
 * The counter lives in the database so every app instance shares it; one upsert keeps it atomic.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowId = Math.floor(nowSeconds / rule.windowSeconds);
  const resetAt = (windowId + 1) * rule.windowSeconds;
  // Expired windows of any key are dead weight; auth attempts are rare enough to sweep each time.
  await db.deleteFrom('rate_limits').where('reset_at', '<=', nowSeconds).execute();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, reset_at: resetAt, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`rate_limits.count + 1`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();

  if (row.count > rule.max) {
    throw new AppError(429, 'RATE_LIMITED', errorMessages.rateLimited, undefined, {
      'retry-after': String(Math.max(1, Number(row.reset_at) - nowSeconds)),
    });
  }
}

/** Throws 429 when `key` has already used up its current window, without counting a hit. */
export async function checkRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .where('reset_at', '>', nowSeconds)
    .executeTakeFirst();
  if (row && Number(row.count) >= rule.max) {
    throw new AppError(429, 'RATE_LIMITED', errorMessages.rateLimited, undefined, {
      'retry-after': String(Math.max(1, Number(row.reset_at) - nowSeconds)),
    });
  }
}
