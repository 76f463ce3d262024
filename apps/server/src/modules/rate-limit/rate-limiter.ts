import { errorMessages } from '@shipdeck/shared/messages';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit on `key` in the current fixed window and throws 429 past `max`.
 * The counter lives in the database so every app instance shares it.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowId = Math.floor(nowSeconds / rule.windowSeconds);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_id: windowId, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_id = ${windowId} then rate_limits.count + 1 else 1 end`,
        window_id: windowId,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();

  if (row.count > rule.max) {
    const retryAfter = (windowId + 1) * rule.windowSeconds - nowSeconds;
    throw new AppError(429, 'RATE_LIMITED', errorMessages.rateLimited, undefined, {
      'retry-after': String(Math.max(1, retryAfter)),
    });
  }
}
