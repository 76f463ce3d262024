import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { announceEvent } from '../../notifications/notify.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { rowsMentioning } from './rows-of-user.js';

const emulator = useEmulator({ repos: 3, richRepos: 1, projects: 1, rateLimits: false });

interface Me {
  data: { user: { id: string; email: string; username: string } };
}

describe.each(testDialects)('no row of a deleted user survives on %s', (dialect) => {
  const t = useTestApp(dialect, {
    publicUrl: 'http://127.0.0.1:3000',
    get github() {
      return emulator.githubConfig;
    },
  });

  it('delete account removes every row that mentions the user in every table', async () => {
    const token = await signInWithGithub(t.app, 'octocat');
    const me = (
      await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })
    ).json<Me>();
    const { id, email, username } = me.data.user;
    // Touch what a real session leaves behind: cached GitHub answers, tickets, events, items.
    await t.app.inject({ method: 'GET', url: '/api/github/repos', headers: bearer(token) });
    await t.app.inject({ method: 'POST', url: '/api/events/ticket', headers: bearer(token) });
    await announceEvent(t.app, id, { type: 'data.changed', resources: ['stats'] });
    const before = await rowsMentioning(t.database.db, dialect, [id]);
    const tablesBefore = new Set(before.map((r) => r.table));
    for (const table of [
      'users',
      'sessions',
      'provider_tokens',
      'notifications',
      'events',
      'event_tickets',
    ]) {
      expect(tablesBefore).toContain(table);
    }

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/auth/account',
      headers: bearer(token),
      payload: { confirmation: username },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await rowsMentioning(t.database.db, dialect, [id, email])).toEqual([]);
    // The audit log keeps what the account did, named by its username alone.
    const left = await rowsMentioning(t.database.db, dialect, [username]);
    expect(new Set(left.map((row) => row.table))).toEqual(new Set(['audit_log']));
    const after = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  }, 20_000);
});
