import cronParser from 'cron-parser';
import { describe, expect, it } from 'vitest';
import { latestSlot } from '../cron-slot.js';

/** The latest tick the slow way, every time. */
function computed(cron: string, now: number): number {
  return cronParser
    .parseExpression(cron, { tz: 'UTC', currentDate: new Date(now + 1) })
    .prev()
    .getTime();
}

describe('latestSlot', () => {
  it('answers what cron-parser computes, across ticks, on a tick, and when the clock goes back', () => {
    const start = Date.parse('2026-11-28T09:58:30.000Z');
    // Every 7.3 s over 25 minutes, then a step back: each answer from the remembered ticks
    // must be the tick computed afresh.
    const times = Array.from({ length: 200 }, (_, i) => start + Math.round(i * 7_300));
    times.push(Date.parse('2026-11-28T10:00:00.000Z'), Date.parse('2026-11-28T09:59:59.999Z'));
    times.push(start - 3_600_000);
    for (const cron of ['* * * * *', '*/15 * * * *', '17 * * * *', '0 3 * * *']) {
      for (const now of times)
        expect(latestSlot(cron, now), `${cron} at ${now}`).toBe(computed(cron, now));
    }
  });

  it('counts a tick at exactly now', () => {
    const tick = Date.parse('2026-11-28T10:15:00.000Z');
    expect(latestSlot('*/15 * * * *', tick - 1)).toBe(Date.parse('2026-11-28T10:00:00.000Z'));
    expect(latestSlot('*/15 * * * *', tick)).toBe(tick);
  });
});
