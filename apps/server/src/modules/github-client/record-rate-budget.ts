import type { Db } from '../../db/database.js';
import type { RateBudget } from './github-rate-budget.repository.js';
import { saveRateBudget } from './github-rate-budget.repository.js';

function numberHeader(headers: Record<string, unknown>, name: string): number | null {
  const value = headers[name];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * The core budget in an answer's `x-ratelimit-*` headers, or null when they describe another
 * bucket (search has its own, much smaller one) or are absent (rate limiting off on the server,
 * or an answer Shipdeck served from its own store).
 */
export function coreBudgetFrom(
  headers: Record<string, unknown>,
  url: string,
  seenAt: string,
): RateBudget | null {
  const resource = headers['x-ratelimit-resource'];
  if (typeof resource === 'string' ? resource !== 'core' : url.includes('/search/')) return null;
  const limit = numberHeader(headers, 'x-ratelimit-limit');
  const remaining = numberHeader(headers, 'x-ratelimit-remaining');
  const reset = numberHeader(headers, 'x-ratelimit-reset');
  if (limit === null || remaining === null || reset === null) return null;
  return {
    core_limit: limit,
    core_remaining: remaining,
    core_reset_at: new Date(reset * 1000).toISOString(),
    seen_at: seenAt,
  };
}

/** Stores the core budget an answer GitHub gave for this user carries, if it carries one. */
export async function recordRateBudget(
  db: Db,
  userId: string,
  answer: { headers: Record<string, unknown>; url: string },
): Promise<void> {
  const budget = coreBudgetFrom(answer.headers, answer.url, new Date().toISOString());
  if (budget) await saveRateBudget(db, userId, budget);
}
