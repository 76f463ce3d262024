import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatShortDay } from '../format-date';

describe('date formats in the reader locale', () => {
  const at = '2026-03-04T15:07:00Z';

  it('say what Date#toLocale…String says with the same options', () => {
    const date = new Date(at);
    expect(formatDate(at)).toBe(
      date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }),
    );
    expect(formatDateTime(at)).toBe(
      date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(formatShortDay('2026-03-04')).toBe(
      new Date('2026-03-04T00:00:00Z').toLocaleDateString(undefined, {
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }),
    );
  });

  it('show a dash for a missing or unreadable time, and an unreadable day as it came', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatShortDay('someday')).toBe('someday');
  });
});
