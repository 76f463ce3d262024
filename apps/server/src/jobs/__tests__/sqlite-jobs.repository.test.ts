import { describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../../test-app.js';
import {
  claimJob,
  completeJob,
  expireJobs,
  insertJob,
  retryDelayMs,
} from '../sqlite-jobs.repository.js';

const job = (queue: string, singletonKey: string | null = null) => ({
  queue,
  data: { n: 1 },
  singletonKey,
  priority: 0,
  retryLimit: 3,
  retryDelaySeconds: 5,
  runAt: Date.now(),
});

describe.each(testDialects)('jobs table on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('gives an active job whose process died back for retry after it expires', async () => {
    const id = await insertJob(t.app.db, job('expiring'));
    const claimed = await claimJob(t.app.db, ['expiring'], Date.now(), 30);
    expect(claimed?.id).toBe(id);
    // Nobody else may take it while its lease runs.
    expect(await claimJob(t.app.db, ['expiring'], Date.now(), 30)).toBeUndefined();
    expect(await expireJobs(t.app.db, Date.now())).toBe(0);

    const later = Date.now() + 31_000;
    expect(await expireJobs(t.app.db, later)).toBe(1);
    const row = await t.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id ?? '')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'retry', retry_count: 1 });
    expect(row.last_error).toContain('expired');

    // The dead attempt can no longer complete it; the retry can.
    if (!claimed?.started_at) throw new Error('claim has no start');
    await completeJob(t.app.db, { id: claimed.id, startedAt: claimed.started_at });
    const retried = await claimJob(t.app.db, ['expiring'], later + 5_000, 30);
    expect(retried?.id).toBe(id);
    expect(retried?.retry_count).toBe(1);
  });

  it('does not start a second job of a key while one is active', async () => {
    await insertJob(t.app.db, job('busy-key', 'k'));
    const first = await claimJob(t.app.db, ['busy-key'], Date.now(), 30);
    const second = await insertJob(t.app.db, job('busy-key', 'k'));
    const unkeyed = await insertJob(t.app.db, job('busy-key'));
    expect(second).not.toBeNull();
    // The queued job of the busy key is passed over; the next one runs.
    expect((await claimJob(t.app.db, ['busy-key'], Date.now(), 30))?.id).toBe(unkeyed);
    if (!first?.started_at) throw new Error('claim has no start');
    await completeJob(t.app.db, { id: first.id, startedAt: first.started_at });
    expect((await claimJob(t.app.db, ['busy-key'], Date.now(), 30))?.id).toBe(second);
  });

  it('doubles the retry delay per failed attempt', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(10, n))).toEqual([10_000, 20_000, 40_000, 80_000]);
  });
});
