/** One `key:value` qualifier of a search query; `negated` for `-key:value`. */
export interface Qualifier {
  key: string;
  value: string;
  negated: boolean;
}

export interface ParsedQuery {
  qualifiers: Qualifier[];
  terms: string[];
  /** AND / OR / NOT operators used (GitHub allows at most five). */
  operators: number;
  /** Length of the free text, which GitHub caps at 256 characters. */
  textLength: number;
}

const TOKEN = /(-?)([A-Za-z-]+):("([^"]*)"|\S+)|"([^"]*)"|(\S+)/g;

/** Splits a GitHub search string into qualifiers and free-text terms. */
export function parseSearchQuery(q: string): ParsedQuery {
  const parsed: ParsedQuery = { qualifiers: [], terms: [], operators: 0, textLength: 0 };
  for (const match of q.matchAll(TOKEN)) {
    const [, negation, key, rawValue, quotedValue, quotedTerm, word] = match;
    if (key !== undefined && rawValue !== undefined) {
      parsed.qualifiers.push({
        key: key.toLowerCase(),
        value: quotedValue ?? rawValue,
        negated: negation === '-',
      });
      continue;
    }
    const term = quotedTerm ?? word ?? '';
    if (['AND', 'OR', 'NOT'].includes(term)) {
      parsed.operators++;
      continue;
    }
    if (term !== '') {
      parsed.terms.push(term);
      parsed.textLength += term.length + 1;
    }
  }
  return parsed;
}

/** `created:>=2024-01-01`, `updated:<2024-02-01`, `created:2024-01-01..2024-02-01`. */
export function matchesDateQualifier(value: string, iso: string): boolean {
  const at = Date.parse(iso);
  const range = /^(.+)\.\.(.+)$/.exec(value);
  if (range) {
    const from = range[1] === '*' ? -Infinity : Date.parse(range[1] ?? '');
    const to = range[2] === '*' ? Infinity : Date.parse(range[2] ?? '') + 86_399_999;
    return at >= from && at <= to;
  }
  const comparison = /^(>=|<=|>|<)?(.+)$/.exec(value);
  const operator = comparison?.[1] ?? '';
  const bound = Date.parse(comparison?.[2] ?? '');
  if (!Number.isFinite(bound)) return true;
  switch (operator) {
    case '>':
      return at > bound;
    case '>=':
      return at >= bound;
    case '<':
      return at < bound;
    case '<=':
      return at <= bound;
    default:
      return at >= bound && at < bound + 86_400_000;
  }
}
