import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercentChange } from '../format-number';
import { shortSha } from '../short-sha';

describe('formatNumber', () => {
  it('groups digits the way the locale does', () => {
    expect(formatNumber(1234567)).toBe((1234567).toLocaleString());
    expect(formatNumber(0)).toBe('0');
  });
});

describe('formatPercentChange', () => {
  it('signs real changes', () => {
    expect(formatPercentChange(12)).toBe('+12%');
    expect(formatPercentChange(-3)).toBe('-3%');
    expect(formatPercentChange(0)).toBe('0%');
  });

  it('keeps at most one decimal', () => {
    expect(formatPercentChange(2.345)).toBe(`+${(2.3).toLocaleString()}%`);
  });

  it('shows a dash when there is nothing to compare with', () => {
    expect(formatPercentChange(null)).toBe('—');
    expect(formatPercentChange(Number.NaN)).toBe('—');
  });
});

describe('shortSha', () => {
  it('keeps the first 7 characters', () => {
    expect(shortSha('0123456789abcdef')).toBe('0123456');
  });
});
