import { LRUCache } from 'lru-cache';
import type { LiveSession } from './sessions.repository.js';

// One entry per token in use; a token is a session of one browser or script.
const MAX_SESSIONS = 10_000;
// A backstop only: every write that matters empties the cache at once (see session-cache-plugin).
// Bounds how long a change could go unseen if the listening connection died silently.
const MAX_AGE_MS = 30_000;

/** Where a read began: a lookup read before a later forget must not be kept. */
export type ReadMark = number;

/**
 * This process's copy of `findLiveSessionWithUser` answers, keyed by token hash, so a request
 * need not reach the database to know who is asking. Correct only while every change to a user
 * or session row reaches `forgetUser`/`forgetAll` (this process's writes, other instances'
 * through the database's notifications) and nothing is kept while they cannot arrive.
 */
export interface SessionCache {
  /** The cached live session, unless expired at `nowIso` or the cache cannot be trusted. */
  get(tokenHash: string, nowIso: string): LiveSession | undefined;
  /** Call before reading the database; pass the result to `keep`. */
  markRead(): ReadMark;
  /** Keeps a session read since `mark`, unless anything was forgotten meanwhile. */
  keep(tokenHash: string, live: LiveSession, mark: ReadMark): void;
  forgetUser(userId: string): void;
  forgetAll(): void;
  /** While false (changes from elsewhere cannot arrive), nothing is served or kept. */
  setTrusted(trusted: boolean): void;
  readonly size: number;
}

export function createSessionCache(): SessionCache {
  const entries = new LRUCache<string, LiveSession>({ max: MAX_SESSIONS, ttl: MAX_AGE_MS });
  let generation = 0;
  let trusted = true;
  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };
  return {
    get: (tokenHash, nowIso) => {
      if (!trusted) return undefined;
      const live = entries.get(tokenHash);
      if (!live) return undefined;
      if (live.session.expires_at <= nowIso) {
        entries.delete(tokenHash);
        return undefined;
      }
      return live;
    },
    markRead: () => generation,
    keep: (tokenHash, live, mark) => {
      if (!trusted || mark !== generation) return;
      // Shared by every request of this token from now on: no route may change it.
      Object.freeze(live.user);
      Object.freeze(live.session);
      entries.set(tokenHash, Object.freeze(live));
    },
    forgetUser: (userId) => {
      generation += 1;
      for (const [tokenHash, live] of entries.entries()) {
        if (live.user.id === userId) entries.delete(tokenHash);
      }
    },
    forgetAll,
    setTrusted: (value) => {
      forgetAll();
      trusted = value;
    },
    get size() {
      return entries.size;
    },
  };
}
