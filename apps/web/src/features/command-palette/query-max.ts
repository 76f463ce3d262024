import type { SEARCH_QUERY_MAX } from '@shipdeck/shared/search';

/**
 * The contract's longest text (checked against it: the palette imports no zod). Apart from
 * api/search.ts: the field, drawn with every signed-in page, carries none of the request's code.
 */
export const QUERY_MAX: typeof SEARCH_QUERY_MAX = 100;
