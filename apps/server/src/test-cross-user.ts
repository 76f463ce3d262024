import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './test-app.js';

/** A route that shows one user's private thing, addressed by id, owner/repo, project or deployment. */
export interface PrivateRoute {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}

/** Strings in an answer specific enough that finding one elsewhere means it leaked. */
function distinctiveStrings(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (
      value.length >= 8 &&
      !/^\d{4}-\d\d-\d\dT/.test(value) &&
      !/^https?:\/\/[^/]+\/?$/.test(value)
    ) {
      found.add(value);
    }
  } else if (typeof value === 'number' && Number.isInteger(value) && value >= 1_000_000) {
    found.add(String(value));
  } else if (Array.isArray(value)) {
    value.forEach((item) => distinctiveStrings(item, found));
  } else if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach((item) => distinctiveStrings(item, found));
  }
  return found;
}

/**
 * For each route: the owner sees their private thing (so the check is not vacuous), then the
 * intruder asks for the same and gets a 404 holding none of the owner's data. The owner asks
 * first, so anything cached for the owner would be there to leak.
 */
export async function expectNoCrossUserAccess(
  app: FastifyInstance,
  tokens: { owner: string; intruder: string },
  routes: readonly PrivateRoute[],
): Promise<void> {
  for (const route of routes) {
    const request = { method: route.method ?? 'GET', url: route.url, payload: route.payload };
    const label = `${request.method} ${route.url}`;
    const mine = await app.inject({ ...request, headers: bearer(tokens.owner) });
    expect(mine.statusCode, `${label} as its owner`).toBeLessThan(300);
    const ownerData = distinctiveStrings(mine.json<{ data: unknown }>().data);

    const theirs = await app.inject({ ...request, headers: bearer(tokens.intruder) });
    expect(theirs.statusCode, `${label} as another user`).toBe(404);
    expect(theirs.json(), label).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const leaked = [...ownerData].filter((text) => theirs.body.includes(text));
    expect(leaked, `${label} leaked the owner's data`).toEqual([]);
  }
}
