import { getToken, setToken } from './token-storage';

let pendingToken: string | null = null;

/**
 * Reads a `?token=` landing parameter (the spec still accepts one), removing it from the address
 * bar before anything else runs. It is stored only when no session exists: a link must never
 * silently swap the signed-in account, so a different token waits for the user's confirmation.
 */
export function consumeUrlToken(): 'none' | 'stored' | 'pending' {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token === null) return 'none';
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (token.trim() === '') return 'none';
  const current = getToken();
  if (current === token) return 'none';
  if (current === null) {
    setToken(token);
    return 'stored';
  }
  pendingToken = token;
  return 'pending';
}

/** The token a landing URL offered while another session was active, awaiting confirmation. */
export function getPendingUrlToken(): string | null {
  return pendingToken;
}

export function resolvePendingUrlToken(accept: boolean): void {
  if (accept && pendingToken) setToken(pendingToken);
  pendingToken = null;
}
