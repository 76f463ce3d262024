import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { testDialects, useTestApp } from '../../test-app.js';
import { consumeRateLimit } from './rate-limiter.js';

describe.each(testDialects)('consumeRateLimit on %s', (dialect) => {
  const t = useTestApp(dialect);
  const rule = { max: 2, windowSeconds: 60 };

  it('allows max hits per window, then refuses with the seconds left, then resets', async () => {
    const start = new Date('2026-11-22T10:00:10Z');
    await consumeRateLimit(t.database.db, 'k1', rule, start);
    await consumeRateLimit(t.database.db, 'k1', rule, start);
    const refused = await consumeRateLimit(t.database.db, 'k1', rule, start).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).headers).toEqual({ 'retry-after': '50' });

    await expect(
      consumeRateLimit(t.database.db, 'k1', rule, new Date('2026-11-22T10:01:00Z')),
    ).resolves.toBeUndefined();
  });

  it('keeps keys apart and sweeps expired windows', async () => {
    const at = new Date('2026-11-22T11:00:00Z');
    await consumeRateLimit(t.database.db, 'k2', rule, at);
    await consumeRateLimit(t.database.db, 'k3', rule, at);
    await consumeRateLimit(t.database.db, 'k3', rule, new Date('2026-11-22T12:00:00Z'));
    const keys = await t.database.db.selectFrom('rate_limits').select(['key', 'count']).execute();
    expect(keys).toEqual([{ key: 'k3', count: 1 }]);
  });
});
