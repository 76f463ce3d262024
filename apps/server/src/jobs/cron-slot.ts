import cronParser from 'cron-parser';

/** Throws on a malformed expression, so a bad schedule fails where it is declared. */
export function assertCron(cron: string): void {
  cronParser.parseExpression(cron, { tz: 'UTC' });
}

/** A cron's latest tick and the one after it, as last computed. */
type KnownSlots = { latest: number; next: number };
const known = new Map<string, KnownSlots>();

/**
 * The latest tick of `cron` at or before `now` (UTC, like pg-boss's default). cron-parser with a
 * time zone steps through seconds to find a previous tick (3–5 ms a call here, over 100 ms for a
 * poll's schedules on a loaded machine, which stalled every request the server was answering:
 * issue 34's page loads). A tick only changes when `now` reaches the next one, so each cron is
 * computed again only then: once a minute for the every-minute schedules, which share it.
 */
export function latestSlot(cron: string, now: number): number {
  const slots = known.get(cron);
  if (slots && slots.latest <= now && now < slots.next) return slots.latest;
  // `prev()` is strictly before currentDate; a millisecond later makes a tick at `now` count.
  const latest = cronParser
    .parseExpression(cron, { tz: 'UTC', currentDate: new Date(now + 1) })
    .prev()
    .getTime();
  const next = cronParser
    .parseExpression(cron, { tz: 'UTC', currentDate: new Date(now) })
    .next()
    .getTime();
  known.set(cron, { latest, next });
  return latest;
}
