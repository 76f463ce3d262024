// `Date#toLocaleDateString(undefined, options)` builds a new Intl.DateTimeFormat on every call
// (V8 keeps only the option-less one): the drawn dashboard formats dozens of dates per render.
const longDate = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shortUtcDay = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function validDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Long calendar date in the reader's locale, e.g. "March 4, 2026"; "—" when unknown. */
export function formatDate(value: string | null | undefined): string {
  const date = validDate(value);
  return date ? longDate.format(date) : '—';
}

/** Date and time in the reader's locale; "—" when unknown. */
export function formatDateTime(value: string | null | undefined): string {
  const date = validDate(value);
  return date ? dateTime.format(date) : '—';
}

/** A UTC calendar day (`YYYY-MM-DD`) as a short label in the reader's locale, e.g. "Mar 4". */
export function formatShortDay(day: string): string {
  const date = validDate(`${day}T00:00:00Z`);
  return date ? shortUtcDay.format(date) : day;
}
