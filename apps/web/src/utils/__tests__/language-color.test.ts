import { describe, expect, it } from 'vitest';
import { UNKNOWN_LANGUAGE_COLOR, languageColor } from '../language-color';

describe('languageColor', () => {
  it("uses GitHub Linguist's colours", () => {
    expect(languageColor('TypeScript')).toBe('#3178c6');
    expect(languageColor('JavaScript')).toBe('#f1e05a');
    expect(languageColor('Rust')).toBe('#dea584');
  });

  it('is grey for unknown or missing languages', () => {
    expect(languageColor('Klingon++')).toBe(UNKNOWN_LANGUAGE_COLOR);
    expect(languageColor(null)).toBe(UNKNOWN_LANGUAGE_COLOR);
    expect(languageColor('constructor')).toBe(UNKNOWN_LANGUAGE_COLOR);
  });
});
