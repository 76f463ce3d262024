import { describe, expect, it } from 'vitest';
import { plainLogText } from '../plain-log-text';

describe('plainLogText', () => {
  it('removes colour and cursor sequences and keeps the words', () => {
    expect(
      plainLogText(
        '\u001b[36mvite v6.0.3\u001b[39m \u001b[32mbuilding for production...\u001b[39m',
      ),
    ).toBe('vite v6.0.3 building for production...');
    expect(plainLogText('\u001b[1;31mError\u001b[0m: exit 1\u001b[2K')).toBe('Error: exit 1');
  });

  it('removes terminal hyperlinks but keeps their text', () => {
    expect(plainLogText('see \u001b]8;;https://vercel.com\u0007docs\u001b]8;;\u0007 now')).toBe(
      'see docs now',
    );
  });

  it('leaves ordinary text, brackets and markup alone', () => {
    const line = '[vite] <script>alert("log")</script> ✓ 1204 modules';
    expect(plainLogText(line)).toBe(line);
  });
});
