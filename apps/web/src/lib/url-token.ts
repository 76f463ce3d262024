import { setToken } from './token-storage';

/**
 * Reads a `?token=` handed over by the OAuth callback, stores it and removes it from the
 * address bar so it does not linger in history or get copied along with the URL.
 */
export function consumeUrlToken(): boolean {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token === null) return false;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (token.trim() === '') return false;
  setToken(token);
  return true;
}
