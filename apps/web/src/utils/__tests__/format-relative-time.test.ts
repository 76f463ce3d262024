import { describe, expect, it } from 'vitest';
import { formatRelativeTime, relativeTimeChangesAt } from '../format-relative-time';

const now = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says just now under a minute, and for a clock running ahead', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59), now)).toBe('just now');
    expect(formatRelativeTime(ago(-30), now)).toBe('just now');
  });

  it('counts minutes under an hour', () => {
    expect(formatRelativeTime(ago(60), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(3599), now)).toBe('59m ago');
  });

  it('counts hours under a day', () => {
    expect(formatRelativeTime(ago(3600), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(86_399), now)).toBe('23h ago');
  });

  it('counts days under 30 days (2,592,000 s)', () => {
    expect(formatRelativeTime(ago(86_400), now)).toBe('1d ago');
    expect(formatRelativeTime(ago(2_591_999), now)).toBe('29d ago');
  });

  it('gives the locale date from 30 days on', () => {
    const value = ago(2_592_000);
    expect(formatRelativeTime(value, now)).toBe(new Date(value).toLocaleDateString());
  });

  it('gives an empty string for missing or invalid dates', () => {
    expect(formatRelativeTime(null, now)).toBe('');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('relativeTimeChangesAt', () => {
  it('is the first moment the words differ, for every unit and a clock running ahead', () => {
    for (const seconds of [-30, 0, 59, 60, 61, 3599, 3600, 7199, 86_399, 86_400, 2_591_999]) {
      const value = ago(seconds);
      const at = relativeTimeChangesAt(value, now);
      const words = formatRelativeTime(value, now);
      expect(at, `${seconds} s`).toBeGreaterThan(now);
      expect(formatRelativeTime(value, at - 1), `${seconds} s`).toBe(words);
      expect(formatRelativeTime(value, at), `${seconds} s`).not.toBe(words);
    }
  });

  it('never comes once the date is given, nor for a value that is not a date', () => {
    expect(relativeTimeChangesAt(ago(2_592_000), now)).toBe(Infinity);
    expect(relativeTimeChangesAt('not a date', now)).toBe(Infinity);
  });
});
