import { describe, expect, it } from 'vitest';
import { slotsBetween } from '../reminder-schedule.js';

const iso = (ms: number[]) => ms.map((m) => new Date(m).toISOString());

describe('reminder slots', () => {
  it("are the chosen days and times in the reminder's time zone", () => {
    // Monday 30 Nov 2026 to Wednesday 2 Dec, Berlin (UTC+1 in winter).
    const slots = slotsBetween(
      { days: ['mon', 'wed'], times: ['09:00', '14:30'], timeZone: 'Europe/Berlin' },
      Date.parse('2026-11-29T23:00:00Z'),
      Date.parse('2026-12-02T23:00:00Z'),
    );
    expect(iso(slots)).toEqual([
      '2026-11-30T08:00:00.000Z',
      '2026-11-30T13:30:00.000Z',
      '2026-12-02T08:00:00.000Z',
      '2026-12-02T13:30:00.000Z',
    ]);
  });

  it('follow daylight saving time: 09:00 in New York is 13:00 UTC in summer, 14:00 in winter', () => {
    const schedule = { days: ['sun' as const], times: ['09:00'], timeZone: 'America/New_York' };
    expect(
      iso(
        slotsBetween(
          schedule,
          Date.parse('2026-10-30T00:00:00Z'),
          Date.parse('2026-11-09T00:00:00Z'),
        ),
      ),
    ).toEqual(['2026-11-01T14:00:00.000Z', '2026-11-08T14:00:00.000Z']);
    expect(
      iso(
        slotsBetween(
          schedule,
          Date.parse('2026-10-24T00:00:00Z'),
          Date.parse('2026-10-26T00:00:00Z'),
        ),
      ),
    ).toEqual(['2026-10-25T13:00:00.000Z']);
  });

  it('take a slot at the end of the window and not one at its start', () => {
    const schedule = { days: ['mon' as const], times: ['09:00'], timeZone: 'UTC' };
    const slot = Date.parse('2026-11-30T09:00:00Z');
    expect(slotsBetween(schedule, slot - 60_000, slot)).toEqual([slot]);
    expect(slotsBetween(schedule, slot, slot + 60_000)).toEqual([]);
  });
});
