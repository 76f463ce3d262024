import { LRUCache } from 'lru-cache';

/** One serialised answer, and what it may be served under. */
export interface CachedAnswer {
  /** The user's store version it was built at (`users.store_version`). */
  version: number;
  /** The JSON body exactly as the route's serializer wrote it. */
  body: string;
  /** From this ISO time a refresh is due, and the route must run to queue it. */
  refreshDueAt: string | null;
}

// Bounded by bytes as well as entries: a page of 50 repositories is tens of kilobytes.
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;

export type AnswerCache = LRUCache<string, CachedAnswer>;

/** This process's answers; the versions that make them safe to serve live in the database. */
export function createAnswerCache(): AnswerCache {
  return new LRUCache<string, CachedAnswer>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
  });
}

// A cached session hands every request the same frozen user row: its JSON is written once.
const userKeys = new WeakMap<object, string>();

/**
 * Exactly what was asked, by whom: the whole user row (read with the session on every request),
 * so an answer showing any of it, such as `/auth/me`, is never served after the row changed.
 */
export function answerKey(user: object, url: string): string {
  let userKey = userKeys.get(user);
  if (userKey === undefined) {
    userKey = JSON.stringify(user);
    userKeys.set(user, userKey);
  }
  return `${JSON.stringify(url)}${userKey}`;
}

/** An entry may be served while the version matches and no refresh has fallen due. */
export function servable(
  entry: CachedAnswer | undefined,
  version: number,
  nowIso: string,
): entry is CachedAnswer {
  if (!entry || entry.version !== Number(version)) return false;
  return entry.refreshDueAt === null || entry.refreshDueAt > nowIso;
}
