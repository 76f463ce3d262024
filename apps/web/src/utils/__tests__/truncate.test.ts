import { truncation } from '@shipdeck/shared/constants';
import { describe, expect, it } from 'vitest';
import { firstLine, singleLine, truncate } from '../truncate';

describe('truncate', () => {
  it('leaves text at or under the limit alone', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hi', 5)).toBe('hi');
  });

  it('cuts longer text and ends it with an ellipsis', () => {
    expect(truncate('abcdefghij', 4)).toBe('abcd…');
  });

  it(`defaults to ${truncation.defaultLength} characters`, () => {
    const result = truncate('x'.repeat(300));
    expect(result).toBe(`${'x'.repeat(truncation.defaultLength)}…`);
  });

  it('gives an empty string for empty input', () => {
    expect(truncate('')).toBe('');
    expect(truncate(null)).toBe('');
    expect(truncate(undefined)).toBe('');
  });

  it('never splits an emoji', () => {
    expect(truncate('🚀🚀🚀', 2)).toBe('🚀🚀…');
  });

  it('drops trailing spaces before the ellipsis', () => {
    expect(truncate('one two three', 4)).toBe('one…');
  });
});

describe('firstLine and singleLine', () => {
  it('takes the subject of a commit message', () => {
    expect(firstLine('Fix the thing\n\nLonger body')).toBe('Fix the thing');
    expect(firstLine('Windows\r\nline')).toBe('Windows');
    expect(firstLine(null)).toBe('');
  });

  it('joins lines of a body into one', () => {
    expect(singleLine('  a\n\nb\tc  ')).toBe('a b c');
    expect(singleLine(null)).toBe('');
  });
});
