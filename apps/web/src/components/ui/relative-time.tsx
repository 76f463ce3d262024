import { formatDateTime } from '@/utils/format-date';
import { formatRelativeTime } from '@/utils/format-relative-time';

/** "3h ago" in a <time>, with the full date as its tooltip; nothing when the date is unknown. */
export function RelativeTime({ value, prefix }: { value: string | null; prefix?: string }) {
  const text = formatRelativeTime(value);
  if (!value || !text) return null;
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {prefix ? `${prefix} ${text}` : text}
    </time>
  );
}
