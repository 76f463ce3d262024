import { beforeEach, describe, expect, it } from 'vitest';
import { consumeUrlToken, getPendingUrlToken, resolvePendingUrlToken } from '@/lib/url-token';

function address(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

describe('token in the URL', () => {
  beforeEach(() => {
    window.localStorage.clear();
    resolvePendingUrlToken(false);
  });

  it('is stored under `token` when no session exists, and removed from the address bar', () => {
    window.history.replaceState(null, '', '/dashboard?token=oauth-token&tab=1#top');

    expect(consumeUrlToken()).toBe('stored');

    expect(window.localStorage.getItem('token')).toBe('oauth-token');
    expect(address()).toBe('/dashboard?tab=1#top');
  });

  it('never replaces an existing session without confirmation', () => {
    window.localStorage.setItem('token', 'mine');
    window.history.replaceState(null, '', '/dashboard?token=attacker');

    expect(consumeUrlToken()).toBe('pending');
    expect(address()).toBe('/dashboard');
    expect(window.localStorage.getItem('token')).toBe('mine');
    expect(getPendingUrlToken()).toBe('attacker');

    resolvePendingUrlToken(false);
    expect(window.localStorage.getItem('token')).toBe('mine');
    expect(getPendingUrlToken()).toBeNull();
  });

  it('switches only when the user confirms', () => {
    window.localStorage.setItem('token', 'mine');
    window.history.replaceState(null, '', '/dashboard?token=other');
    consumeUrlToken();

    resolvePendingUrlToken(true);
    expect(window.localStorage.getItem('token')).toBe('other');
  });

  it('leaves a stored token alone when the URL has none', () => {
    window.localStorage.setItem('token', 'stored');
    window.history.replaceState(null, '', '/dashboard');

    expect(consumeUrlToken()).toBe('none');
    expect(window.localStorage.getItem('token')).toBe('stored');
  });
});
