import { storageKeys } from '@shipdeck/shared/constants';
import { createContext, useContext, useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(storageKeys.token);
  } catch {
    return null;
  }
}

/**
 * Stores the session token. With the `expiresAt` the server issued it with, the client renews it
 * once half its lifetime has passed (see api-client.ts); a token of unknown expiry (a `?token=`
 * link) is used as it is until it ends.
 */
export function setToken(token: string, expiresAt?: string, renewedFrom?: string): void {
  const expires = expiresAt === undefined ? Number.NaN : Date.parse(expiresAt);
  if (Number.isFinite(expires)) {
    // Stored right after the server issued it, so now is the start of its lifetime.
    const now = Date.now();
    const renewal: TokenRenewal = {
      expiresAt: expires,
      renewAt: now + (expires - now) / 2,
      ...(renewedFrom === undefined ? {} : { renewedFrom }),
    };
    window.localStorage.setItem(storageKeys.tokenRenewal, JSON.stringify(renewal));
  } else {
    window.localStorage.removeItem(storageKeys.tokenRenewal);
  }
  window.localStorage.setItem(storageKeys.token, token);
  notify();
}

/**
 * Records the renewal times the server gave for the stored token (GET /auth/session), for a
 * token stored without them: a `?token=` link, or a sign-in from before the client renewed.
 */
export function setTokenRenewal(expiresAt: string, renewAt: string): void {
  const renewal: TokenRenewal = { expiresAt: Date.parse(expiresAt), renewAt: Date.parse(renewAt) };
  if (!Number.isFinite(renewal.expiresAt) || !Number.isFinite(renewal.renewAt)) return;
  window.localStorage.setItem(storageKeys.tokenRenewal, JSON.stringify(renewal));
}

export function clearToken(): void {
  window.localStorage.removeItem(storageKeys.tokenRenewal);
  window.localStorage.removeItem(storageKeys.token);
  notify();
}

/**
 * Milliseconds since the epoch: when the stored session ends, and when to renew it. After a
 * renewal, `renewedFrom` is the token it replaced (already revoked by the server), so a request
 * still in flight with that one can tell a renewal from a sign-out or another account.
 */
export type TokenRenewal = { expiresAt: number; renewAt: number; renewedFrom?: string };

/** The stored session's renewal times, or null when its expiry is unknown. */
export function getTokenRenewal(): TokenRenewal | null {
  try {
    const raw = window.localStorage.getItem(storageKeys.tokenRenewal);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'expiresAt' in value &&
      'renewAt' in value &&
      typeof value.expiresAt === 'number' &&
      typeof value.renewAt === 'number'
    ) {
      const renewedFrom =
        'renewedFrom' in value && typeof value.renewedFrom === 'string'
          ? { renewedFrom: value.renewedFrom }
          : {};
      return { expiresAt: value.expiresAt, renewAt: value.renewAt, ...renewedFrom };
    }
    return null;
  } catch {
    return null;
  }
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes the token too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.token) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * What `useToken` reads where there is no localStorage, and while a page the server drew for a
 * session hydrates (prerender/render-signed-in-page.tsx, main.tsx): `RENDERED_SESSION` says a
 * session exists. It is never the real token.
 */
export const RenderedSessionContext = createContext<string | null>(null);
export const RENDERED_SESSION = 'server-rendered';

/** The bearer token in localStorage, re-rendering whenever it is stored or removed. */
export function useToken(): string | null {
  const rendered = useContext(RenderedSessionContext);
  return useSyncExternalStore(subscribe, getToken, () => rendered);
}
