import { truncation } from '@shipdeck/shared/constants';

/**
 * Cuts `text` to `length` characters and ends it with an ellipsis; '' for empty input.
 * Counts code points, so an emoji is never split into half a surrogate pair.
 */
export function truncate(
  text: string | null | undefined,
  length: number = truncation.defaultLength,
): string {
  if (!text) return '';
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  return `${characters.slice(0, length).join('').trimEnd()}…`;
}

/** The first line of a commit message (its subject). */
export function firstLine(text: string | null | undefined): string {
  if (!text) return '';
  return text.trim().split(/\r?\n/, 1)[0] ?? '';
}

/** Collapses runs of whitespace (line breaks in a pull request body) into single spaces. */
export function singleLine(text: string | null | undefined): string {
  if (!text) return '';
  return text.replace(/\s+/g, ' ').trim();
}
