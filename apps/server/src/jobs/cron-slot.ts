import cronParser from 'cron-parser';

/** Throws on a malformed expression, so a bad schedule fails where it is declared. */
export function assertCron(cron: string): void {
  cronParser.parseExpression(cron, { tz: 'UTC' });
}

/** The latest tick of `cron` at or before `now` (UTC, like pg-boss's default). */
export function latestSlot(cron: string, now: number): number {
  // `prev()` is strictly before currentDate; a millisecond later makes a tick at `now` count.
  const interval = cronParser.parseExpression(cron, { tz: 'UTC', currentDate: new Date(now + 1) });
  return interval.prev().getTime();
}
