import { z } from 'zod';

// GET /api/search: one ranked list over what the store holds for the signed-in user (the command
// palette's answers). The web imports this file for its types only, so the palette's code does not
// download zod: limits it needs as values are checked against these with `typeof`.

/** The longest text searched, after trimming. */
export const SEARCH_QUERY_MAX = 100;
/** Results in one answer: `limit` defaults to this. */
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

export const searchResultKinds = [
  'team',
  'repository',
  'pull-request',
  'vercel-project',
  'deployment',
] as const;
export type SearchResultKind = (typeof searchResultKinds)[number];

export const searchMessages = {
  queryRequired: 'Type something to search for',
  queryTooLong: `Search for at most ${SEARCH_QUERY_MAX} characters`,
} as const;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: searchMessages.queryRequired })
    .trim()
    .min(1, { error: searchMessages.queryRequired })
    .max(SEARCH_QUERY_MAX, { error: searchMessages.queryTooLong }),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  kind: z.enum(searchResultKinds),
  /** Unique within its kind. */
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /**
   * Where the result opens: an app path (`/teams/org/slug`, `/repo/o/r`, `/deployments/:id`,
   * `/deployments?q=…`), or
   * for a pull request its GitHub web page (the app has no pull-request page; its lists link there
   * too).
   */
  href: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Best match first: exact, then prefix, then anywhere in the text. */
export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
