import { describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../../../test-app.js';
import { releaseActionLock, tryTakeActionLock } from '../action-lock.repository.js';

describe.each(testDialects)('pull-request action lock on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('lets one of two concurrent takers in, and the holder alone release it', async () => {
    const key = `lock-${dialect}-${Date.now()}`;
    const taken = await Promise.all(
      ['a', 'b', 'c'].map((holder) =>
        tryTakeActionLock(t.app.db, { key, holder, action: 'merge', ttlMs: 60_000 }),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = ['a', 'b', 'c'][taken.indexOf(true)] ?? '';
    const loser = winner === 'a' ? 'b' : 'a';
    await releaseActionLock(t.app.db, key, loser);
    expect(
      await tryTakeActionLock(t.app.db, { key, holder: 'd', action: 'merge', ttlMs: 60_000 }),
    ).toBe(false);
    await releaseActionLock(t.app.db, key, winner);
    expect(
      await tryTakeActionLock(t.app.db, { key, holder: 'd', action: 'merge', ttlMs: 60_000 }),
    ).toBe(true);
  });

  it('frees a lock whose holder died once it expires', async () => {
    const key = `expiring-${dialect}-${Date.now()}`;
    expect(
      await tryTakeActionLock(t.app.db, { key, holder: 'gone', action: 'merge', ttlMs: -1 }),
    ).toBe(true);
    expect(
      await tryTakeActionLock(t.app.db, { key, holder: 'next', action: 'merge', ttlMs: 60_000 }),
    ).toBe(true);
  });
});
