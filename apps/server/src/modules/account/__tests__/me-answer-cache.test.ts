import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import {
  deleteVercelData,
  markVercelConnection,
  saveVercelConnection,
} from '../../vercel-store/vercel-connections.repository.js';

interface Me {
  user: { displayName: string; vercelConnected: boolean; preferences: { notifications: boolean } };
}

describe.each(testDialects)(
  '/auth/me served again only while nothing it shows changed, on %s',
  (dialect) => {
    const t = useTestApp(dialect);
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    const user = async (token: string) => {
      const response = await me(token);
      expect(response.statusCode).toBe(200);
      return response.json<{ data: Me }>().data.user;
    };

    it('shows profile, preference and Vercel connection changes at once', async () => {
      const { token, userId, account } = await signUpAndLogIn(t.app);
      await user(token);
      await user(token);

      const renamed = await t.app.inject({
        method: 'PUT',
        url: '/auth/profile',
        headers: bearer(token),
        payload: { displayName: 'Renamed Person', email: account.email },
      });
      expect(renamed.statusCode).toBe(200);
      expect((await user(token)).displayName).toBe('Renamed Person');

      const preferences = await t.app.inject({
        method: 'PUT',
        url: '/auth/preferences',
        headers: bearer(token),
        payload: { notifications: false },
      });
      expect(preferences.statusCode).toBe(200);
      expect((await user(token)).preferences.notifications).toBe(false);

      await saveVercelConnection(t.database.db, {
        user_id: userId,
        source: 'token',
        account_id: 'acc_1',
        username: 'vercel-person',
        team_id: null,
        team_slug: null,
        team_name: null,
        status: 'connected',
        connected_at: new Date().toISOString(),
      });
      expect((await user(token)).vercelConnected).toBe(true);
      await markVercelConnection(t.database.db, userId, 'reconnect');
      expect((await user(token)).vercelConnected).toBe(false);
      await markVercelConnection(t.database.db, userId, 'connected');
      expect((await user(token)).vercelConnected).toBe(true);
      await deleteVercelData(t.database.db, userId);
      expect((await user(token)).vercelConnected).toBe(false);
    });

    it('stops answering at sign-out, expiry and a password change, cached or not', async () => {
      const signedOut = await signUpAndLogIn(t.app);
      await user(signedOut.token);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: bearer(signedOut.token),
      });
      expect(logout.statusCode).toBe(200);
      expect((await me(signedOut.token)).statusCode).toBe(401);

      const expiring = await signUpAndLogIn(t.app);
      await user(expiring.token);
      await t.database.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
        .where('user_id', '=', expiring.userId)
        .execute();
      expect((await me(expiring.token)).statusCode).toBe(401);

      const { account, token } = await signUpAndLogIn(t.app);
      const other = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: account.email, password: account.password },
      });
      const otherToken = other.json<{ data: { token: string } }>().data.token;
      await user(otherToken);
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/auth/password',
        headers: bearer(token),
        payload: { currentPassword: account.password, newPassword: 'brand-new-secret' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await me(otherToken)).statusCode).toBe(401);
      expect((await me(token)).statusCode).toBe(200);
    });
  },
);
