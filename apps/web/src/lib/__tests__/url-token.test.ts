import { describe, expect, it } from 'vitest';
import { consumeUrlToken } from '@/lib/url-token';

describe('token in the URL', () => {
  it('is stored under `token` and removed from the address bar', () => {
    window.history.replaceState(null, '', '/dashboard?token=oauth-token&tab=1#top');

    expect(consumeUrlToken()).toBe(true);

    expect(window.localStorage.getItem('token')).toBe('oauth-token');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/dashboard?tab=1#top',
    );
  });

  it('leaves a stored token alone when the URL has none', () => {
    window.localStorage.setItem('token', 'stored');
    window.history.replaceState(null, '', '/dashboard');

    expect(consumeUrlToken()).toBe(false);
    expect(window.localStorage.getItem('token')).toBe('stored');
  });
});
