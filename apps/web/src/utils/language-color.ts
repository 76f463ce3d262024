import linguistColors from 'virtual:linguist-colors';

/** Neutral grey for languages Linguist gives no colour, and for repositories without one. */
export const UNKNOWN_LANGUAGE_COLOR = '#8b949e';

/** GitHub Linguist's colour for a language name. */
export function languageColor(language: string | null | undefined): string {
  if (!language) return UNKNOWN_LANGUAGE_COLOR;
  return Object.hasOwn(linguistColors, language)
    ? (linguistColors[language] ?? UNKNOWN_LANGUAGE_COLOR)
    : UNKNOWN_LANGUAGE_COLOR;
}
