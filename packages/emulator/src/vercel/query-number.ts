import { badRequest } from './vercel-error.js';

/** An integer query parameter, or null when absent; anything else is Vercel's 400. */
export function queryNumber(query: URLSearchParams, name: string): number | null {
  const value = query.get(name);
  if (value === null || value === '') return null;
  if (!/^-?\d+$/.test(value)) throw badRequest(`Invalid request: \`${name}\` should be number.`);
  return Number(value);
}

/** `limit` between 1 and 100 (default 20), as the REST API documents it. */
export function queryLimit(query: URLSearchParams, fallback = 20): number {
  const limit = queryNumber(query, 'limit');
  if (limit === null) return fallback;
  if (limit < 1 || limit > 100)
    throw badRequest('Invalid request: `limit` should be <= 100 and >= 1.');
  return limit;
}
