import { errorMessages } from '@shipdeck/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient, setUnauthorizedHandler } from '@/lib/api-client';
import { installSessionRenewal } from '@/lib/session-renewal';
import { getToken, getTokenRenewal, setToken } from '@/lib/token-storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { buildUser } from '@/testing/test-data';
import { signIn as signInWithPassword } from '@/features/auth/api/login';

const DAY_MS = 24 * 60 * 60_000;
const start = Date.parse('2026-11-20T10:00:00.000Z');
const unauthorized = fail(401, errorMessages.sessionExpired, 'UNAUTHORIZED');

/** A session signed in at `start` for 7 days, as the login answer gives it. */
function signIn(token = 'sds_old') {
  setToken(token, new Date(start + 7 * DAY_MS).toISOString());
}

const freshSession = (token: string, at: number) =>
  ok({ token, expiresAt: new Date(at + 7 * DAY_MS).toISOString() });

describe('session renewal', () => {
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    onUnauthorized.mockReset();
    setUnauthorizedHandler(onUnauthorized);
    // As the signed-in pages' root does when it loads.
    installSessionRenewal();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('learns the session’s expiry from the sign-in answer', async () => {
    mockApi({
      'POST /auth/login': ok({
        token: 'sds_signed_in',
        expiresAt: new Date(start + 7 * DAY_MS).toISOString(),
        user: buildUser(),
      }),
    });

    await signInWithPassword({ email: 'mona@example.com', password: 'secret-1' });

    expect(getToken()).toBe('sds_signed_in');
    expect(getTokenRenewal()).toEqual({
      expiresAt: start + 7 * DAY_MS,
      renewAt: start + 3.5 * DAY_MS,
    });
  });

  it('leaves a session alone during the first half of its lifetime', async () => {
    signIn();
    vi.setSystemTime(start + 3 * DAY_MS);
    const { requests } = mockApi({ 'GET /api/github/repos': ok({}) });

    await apiClient.get('/api/github/repos');

    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/github/repos']);
    expect(requests[0]?.headers.Authorization).toBe('Bearer sds_old');
  });

  it('renews past half its lifetime, before the request, which goes with the new token', async () => {
    signIn();
    const now = start + 4 * DAY_MS;
    vi.setSystemTime(now);
    const { requests } = mockApi({
      'POST /auth/refresh': freshSession('sds_new', now),
      'GET /api/github/repos': ok({}),
    });

    await apiClient.get('/api/github/repos');

    expect(requests.map((r) => [r.method, r.url, r.headers.Authorization])).toEqual([
      ['POST', '/auth/refresh', 'Bearer sds_old'],
      ['GET', '/api/github/repos', 'Bearer sds_new'],
    ]);
    expect(getToken()).toBe('sds_new');
    // The new session's own half-life is the next renewal: 3.5 days from now.
    expect(getTokenRenewal()).toMatchObject({
      expiresAt: now + 7 * DAY_MS,
      renewAt: now + 3.5 * DAY_MS,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps an active user signed in for weeks: one renewal per half-life, never /login', async () => {
    signIn();
    let issued = 0;
    const { requests } = mockApi({
      'POST /auth/refresh': () => {
        issued += 1;
        return freshSession(`sds_${issued}`, Date.now());
      },
      // The server honours only the newest token, as a rotation leaves it.
      'GET /auth/me': (request) =>
        request.headers.Authorization === `Bearer ${getToken() ?? ''}` ? ok({}) : unauthorized,
    });

    for (let day = 1; day <= 28; day += 1) {
      vi.setSystemTime(start + day * DAY_MS);
      await apiClient.get('/auth/me');
    }

    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBe(`sds_${issued}`);
    // Renewed on days 4, 8, 12, 16, 20, 24 and 28 (each session renewed at 3.5 of its 7 days).
    expect(requests.filter((r) => r.url === '/auth/refresh')).toHaveLength(7);
  });

  it('renews once for requests that start together', async () => {
    signIn();
    const now = start + 5 * DAY_MS;
    vi.setSystemTime(now);
    const { requests } = mockApi({
      'POST /auth/refresh': freshSession('sds_new', now),
      'GET /api/github/repos': ok({}),
      'GET /api/github/stats': ok({}),
      'GET /api/vercel/status': ok({}),
    });

    await Promise.all([
      apiClient.get('/api/github/repos'),
      apiClient.get('/api/github/stats'),
      apiClient.get('/api/vercel/status'),
    ]);

    expect(requests.filter((r) => r.url === '/auth/refresh')).toHaveLength(1);
    expect(
      requests.filter((r) => r.url !== '/auth/refresh').map((r) => r.headers.Authorization),
    ).toEqual(['Bearer sds_new', 'Bearer sds_new', 'Bearer sds_new']);
  });

  it('asks again with the new token when a request in flight was sent with the renewed one', async () => {
    signIn();
    const { requests } = mockApi({
      'GET /api/github/repos': (request) => {
        if (request.headers.Authorization === 'Bearer sds_new') return ok({ fine: true });
        // A renewal (here, or in another tab) replaced the token while this request was on its
        // way, and the server had already revoked the old one when it arrived.
        setToken('sds_new', new Date(start + 7 * DAY_MS).toISOString(), 'sds_old');
        return unauthorized;
      },
    });

    await expect(apiClient.get('/api/github/repos')).resolves.toMatchObject({ status: 200 });
    expect(requests.map((r) => r.headers.Authorization)).toEqual([
      'Bearer sds_old',
      'Bearer sds_new',
    ]);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBe('sds_new');
  });

  it('asks the server once about a token stored without its expiry, and renews it when due', async () => {
    // Signed in before the client renewed sessions: the token, no renewal times.
    window.localStorage.setItem('token', 'sds_legacy');
    const now = start + 6 * DAY_MS;
    vi.setSystemTime(now);
    const { requests } = mockApi({
      'GET /auth/session': ok({
        expiresAt: new Date(start + 7 * DAY_MS).toISOString(),
        renewAt: new Date(start + 3.5 * DAY_MS).toISOString(),
      }),
      'POST /auth/refresh': freshSession('sds_renewed', now),
      'GET /api/github/repos': ok({}),
    });

    await apiClient.get('/api/github/repos');
    await apiClient.get('/api/github/repos');

    expect(requests.map((r) => [r.method, r.url, r.headers.Authorization])).toEqual([
      ['GET', '/auth/session', 'Bearer sds_legacy'],
      ['POST', '/auth/refresh', 'Bearer sds_legacy'],
      ['GET', '/api/github/repos', 'Bearer sds_renewed'],
      ['GET', '/api/github/repos', 'Bearer sds_renewed'],
    ]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps a token of unknown expiry as it is when the server cannot say, asking only once', async () => {
    window.localStorage.setItem('token', 'sds_link');
    const { requests } = mockApi({
      'GET /auth/session': 'network-error',
      'GET /api/github/repos': ok({}),
    });

    await apiClient.get('/api/github/repos');
    await apiClient.get('/api/github/repos');

    expect(requests.map((r) => r.url)).toEqual([
      '/auth/session',
      '/api/github/repos',
      '/api/github/repos',
    ]);
    expect(getToken()).toBe('sds_link');
    expect(getTokenRenewal()).toBeNull();
  });

  it('still signs out on a 401 when the token was not replaced by a renewal', async () => {
    setToken('sds_gone', new Date(start + 7 * DAY_MS).toISOString());
    mockApi({ 'GET /api/github/repos': unauthorized });

    await expect(apiClient.get('/api/github/repos')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(getToken()).toBeNull();
    expect(getTokenRenewal()).toBeNull();
  });

  it('does not sign out when another tab renewed first, and uses the token that tab stored', async () => {
    signIn();
    const now = start + 4 * DAY_MS;
    vi.setSystemTime(now);
    const { requests } = mockApi({
      // The other tab's renewal lands while this one's is on its way; the old token is revoked.
      'POST /auth/refresh': () => {
        setToken('sds_other_tab', new Date(now + 7 * DAY_MS).toISOString(), 'sds_old');
        return unauthorized;
      },
      'GET /api/github/repos': ok({}),
    });

    await apiClient.get('/api/github/repos');

    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBe('sds_other_tab');
    expect(requests.at(-1)?.headers.Authorization).toBe('Bearer sds_other_tab');
  });
});
