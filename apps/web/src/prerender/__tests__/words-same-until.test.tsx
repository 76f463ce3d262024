import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RelativeTime } from '@/components/ui/relative-time';
import { relativeTimeChangesAt } from '@/utils/format-relative-time';
import { wordsSameUntil } from '../words-same-until';

const now = Date.parse('2026-11-26T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('wordsSameUntil', () => {
  it('is the first moment any relative time drawn on the page reads differently', () => {
    const values = [ago(7200), ago(90), ago(86_400 * 3)];
    const markup = renderToString(
      <ul>
        {values.map((value) => (
          <li key={value}>
            <RelativeTime value={value} prefix="Updated" />
          </li>
        ))}
      </ul>,
    );
    expect(wordsSameUntil(markup, now)).toBe(
      Math.min(...values.map((value) => relativeTimeChangesAt(value, now))),
    );
    // 90 s ago reads "1m ago" until it is two minutes old.
    expect(wordsSameUntil(markup, now)).toBe(now + 30_000);
  });

  it('never comes for a page without relative times', () => {
    expect(wordsSameUntil('<main><h1>Dashboard</h1></main>', now)).toBe(Infinity);
  });
});
