import { relativeTimeChangesAt } from '@/utils/format-relative-time';

// How RelativeTime (components/ui/relative-time.tsx), the one part of a page whose words follow
// the clock, draws its date.
const RELATIVE_TIME = /<time\b[^>]*?\bdatetime="([^"]+)"/gi;

/** Until when (ms since the epoch) markup drawn at `drawnAt` reads the same. */
export function wordsSameUntil(markup: string, drawnAt: number): number {
  let until = Infinity;
  for (const [, value = ''] of markup.matchAll(RELATIVE_TIME)) {
    until = Math.min(until, relativeTimeChangesAt(value, drawnAt));
  }
  return until;
}
