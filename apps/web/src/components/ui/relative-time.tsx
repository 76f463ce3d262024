import { formatDateTime } from '@/utils/format-date';
import { formatRelativeTime } from '@/utils/format-relative-time';

/**
 * "3h ago" in a <time>, with the full date as its tooltip; nothing when the date is unknown. A
 * page the server drew is hydrated a moment later, in the reader's time zone: the words may have
 * moved on, which is no reason to draw the page again.
 */
export function RelativeTime({ value, prefix }: { value: string | null; prefix?: string }) {
  const text = formatRelativeTime(value);
  if (!value || !text) return null;
  return (
    <time dateTime={value} title={formatDateTime(value)} suppressHydrationWarning>
      {prefix ? `${prefix} ${text}` : text}
    </time>
  );
}
