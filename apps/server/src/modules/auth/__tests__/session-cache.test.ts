import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorMessages } from '@shipdeck/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app.js';
import { createDatabase } from '../../../db/database.js';
import { OUTSIDE_CHECK_MS } from '../../../db/account-writes.js';
import { bearer, signUpAndLogIn, testConfig, testDialects, useTestApp } from '../../../test-app.js';
import { createSessionCache } from '../session-cache.js';
import type { LiveSession } from '../sessions.repository.js';

function liveSession(userId: string, expiresAt: string): LiveSession {
  const at = '2026-11-23T10:00:00.000Z';
  return {
    session: {
      id: randomUUID(),
      expires_at: expiresAt,
      last_used_at: at,
      github_verified_at: null,
    },
    user: {
      id: userId,
      username: 'someone',
      email: 'someone@example.com',
      password_hash: null,
      display_name: 'Someone',
      avatar_url: null,
      github_id: null,
      github_login: null,
      pref_notifications: 1,
      pref_email_notifications: 1,
      pref_email_deployment_failed: 1,
      pref_email_review_requested: 1,
      pref_email_review_verdict: 1,
      pref_email_checks_failed: 1,
      pref_email_digest: 0,
      pref_digest_hour: 8,
      pref_time_zone: 'UTC',
      pref_github_sync: 1,
      pref_vercel_sync: 1,
      created_at: at,
      updated_at: at,
      last_login_at: null,
      role: 'member',
      disabled_at: null,
      store_version: 1,
    },
  };
}

describe('the session cache', () => {
  const later = '2026-11-24T10:00:00.000Z';

  it('serves a kept session until it expires, then never again', () => {
    const cache = createSessionCache();
    cache.keep('h1', liveSession('u1', later), cache.markRead());
    expect(cache.get('h1', '2026-11-24T09:59:59.999Z')?.user.id).toBe('u1');
    expect(cache.get('h1', later)).toBeUndefined();
    expect(cache.get('h1', '2026-11-23T11:00:00.000Z')).toBeUndefined();
  });

  it('does not keep what was read before something was forgotten', () => {
    const cache = createSessionCache();
    const mark = cache.markRead();
    cache.forgetUser('someone-else');
    cache.keep('h1', liveSession('u1', later), mark);
    expect(cache.get('h1', '2026-11-23T11:00:00.000Z')).toBeUndefined();
  });

  it('forgets one user, or everyone, and serves nothing while it cannot hear changes', () => {
    const cache = createSessionCache();
    const now = '2026-11-23T11:00:00.000Z';
    cache.keep('a1', liveSession('a', later), cache.markRead());
    cache.keep('a2', liveSession('a', later), cache.markRead());
    cache.keep('b1', liveSession('b', later), cache.markRead());
    cache.forgetUser('a');
    expect(cache.get('a1', now)).toBeUndefined();
    expect(cache.get('a2', now)).toBeUndefined();
    expect(cache.get('b1', now)?.user.id).toBe('b');

    cache.setTrusted(false);
    expect(cache.get('b1', now)).toBeUndefined();
    cache.keep('b1', liveSession('b', later), cache.markRead());
    cache.setTrusted(true);
    expect(cache.get('b1', now)).toBeUndefined();
  });

  it('hands out a frozen row: no request can change what the next one sees', () => {
    const cache = createSessionCache();
    cache.keep('h1', liveSession('u1', later), cache.markRead());
    const live = cache.get('h1', '2026-11-23T11:00:00.000Z');
    expect(Object.isFrozen(live?.user)).toBe(true);
    expect(Object.isFrozen(live?.session)).toBe(true);
  });
});

describe.each(testDialects)('authentication through the session cache on %s', (dialect) => {
  const t = useTestApp(dialect);
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
  // On PostgreSQL the sign-in's own writes come back from the triggers a moment later and empty
  // the cache again: ask until the session stays.
  const cached = async (token: string) => {
    for (let attempt = 0; attempt < 50 && t.app.sessionCache.size === 0; attempt += 1) {
      expect((await me(token)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(t.app.sessionCache.size).toBeGreaterThan(0);
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses an expired session although it is cached', async () => {
    const { token } = await signUpAndLogIn(t.app);
    await cached(token);
    const size = t.app.sessionCache.size;

    // Only the wall clock moves: no write reaches the cache, the entry is still held.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (t.app.config.sessionTtlDays + 1) * 86_400_000);
    expect(t.app.sessionCache.size).toBe(size);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: errorMessages.sessionExpired });
  });

  it('forgets every cached session once a write to users or sessions is committed', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    await cached(token);
    let announced = 0;
    const stop = t.database.accountWrites.subscribe(() => (announced += 1));
    try {
      await t.database.db.selectFrom('users').selectAll().execute();
      expect(announced).toBe(0);
      await t.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ display_name: 'Inside a transaction' })
          .where('id', '=', userId)
          .execute();
        // Not committed: other connections still read the old row.
        expect(announced).toBe(0);
      });
      expect(announced).toBe(1);
      expect(t.app.sessionCache.size).toBe(0);
      const answer = await me(token);
      expect(answer.json<{ data: { user: { displayName: string } } }>().data.user.displayName).toBe(
        'Inside a transaction',
      );
    } finally {
      stop();
    }
  });
});

describe('a SQLite file written by another process', () => {
  it('refuses sessions that process deleted, within the check interval', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shipdeck-session-cache-'));
    const filename = join(dir, 'shipdeck.db');
    const app = await buildApp({
      config: testConfig({ database: { dialect: 'sqlite', filename } }),
    });
    const other = createDatabase({ dialect: 'sqlite', filename });
    try {
      const { token } = await signUpAndLogIn(app);
      const get = () => app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200);
      // An administrator's shell: a second connection, whose writes this process never runs.
      await other.db.deleteFrom('sessions').execute();
      await new Promise((resolve) => setTimeout(resolve, OUTSIDE_CHECK_MS + 50));
      expect((await get()).statusCode).toBe(401);
    } finally {
      await other.destroy();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
