import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { findRateBudget, saveRateBudget } from '../github-rate-budget.repository.js';

describe.each(testDialects)('stored GitHub rate budget on %s', (dialect) => {
  const t = useTestApp(dialect);

  const window = (resetAt: string, remaining: number, seenAt: string) => ({
    core_limit: 5000,
    core_remaining: remaining,
    core_reset_at: resetAt,
    seen_at: seenAt,
  });

  it('keeps the lowest figure of a window whatever order answers arrive in, and a new window', async () => {
    const { userId } = await signUpAndLogIn(t.app);
    const resetAt = '2026-11-24T01:00:00.000Z';
    await saveRateBudget(t.database.db, userId, window(resetAt, 4748, '2026-11-24T00:10:00.000Z'));
    // The answer to a call GitHub counted earlier, processed later.
    await saveRateBudget(t.database.db, userId, window(resetAt, 4749, '2026-11-24T00:10:01.000Z'));
    expect(await findRateBudget(t.database.db, userId)).toMatchObject({ core_remaining: 4748 });

    await saveRateBudget(t.database.db, userId, window(resetAt, 4700, '2026-11-24T00:20:00.000Z'));
    expect(await findRateBudget(t.database.db, userId)).toMatchObject({ core_remaining: 4700 });

    const nextReset = '2026-11-24T02:00:00.000Z';
    await saveRateBudget(
      t.database.db,
      userId,
      window(nextReset, 4999, '2026-11-24T01:00:05.000Z'),
    );
    expect(await findRateBudget(t.database.db, userId)).toMatchObject({
      core_remaining: 4999,
      core_reset_at: nextReset,
    });
    // A late answer from the window that ended does not bring it back.
    await saveRateBudget(t.database.db, userId, window(resetAt, 4600, '2026-11-24T01:00:06.000Z'));
    expect(await findRateBudget(t.database.db, userId)).toMatchObject({
      core_remaining: 4999,
      core_reset_at: nextReset,
    });
  });
});
