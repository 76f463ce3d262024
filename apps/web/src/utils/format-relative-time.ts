const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Spec §9: under 30 days (2,592,000 s) the age is given in days, after that the date. */
const RELATIVE_LIMIT = 30 * DAY;

/** "just now", "5m ago", "3h ago", "12d ago", or the locale date from 30 days on; '' when unknown. */
export function formatRelativeTime(
  value: string | null | undefined,
  now: number = Date.now(),
): string {
  if (!value) return '';
  const date = new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  // A clock slightly ahead of ours still reads as "just now", never as a negative age.
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m ago`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}h ago`;
  if (seconds < RELATIVE_LIMIT) return `${Math.floor(seconds / DAY)}d ago`;
  return date.toLocaleDateString();
}

/**
 * When `formatRelativeTime(value, ·)` next reads differently after `now` (ms since the epoch),
 * or `Infinity` once it gives the date, which does not move on. The server keeps a drawn page
 * only until then (plugins/drawn-page-memos.ts).
 */
export function relativeTimeChangesAt(value: string, now: number): number {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return Infinity;
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds >= RELATIVE_LIMIT) return Infinity;
  const unit = seconds < HOUR ? MINUTE : seconds < DAY ? HOUR : DAY;
  return time + (Math.floor(seconds / unit) + 1) * unit * 1000;
}
