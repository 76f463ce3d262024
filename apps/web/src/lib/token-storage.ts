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

export function setToken(token: string): void {
  window.localStorage.setItem(storageKeys.token, token);
  notify();
}

export function clearToken(): void {
  window.localStorage.removeItem(storageKeys.token);
  notify();
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
