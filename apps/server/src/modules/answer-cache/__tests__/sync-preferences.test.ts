import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { signUpWithVercel } from '../../../test-vercel.js';
import { refreshDueAccounts } from '../../github-sync/request-github-sync.js';
import { refreshDueVercelAccounts } from '../../vercel/vercel-sync-jobs.js';

const emulator = useEmulator({ repos: 6, richRepos: 2, projects: 2, deploymentsPerProject: 2 });

/** Far enough ahead that every synced account is due for a refresh. */
const later = new Date(Date.now() + 365 * 24 * 60 * 60_000);

describe.each(testDialects)('the sync preferences steer the refresh crons on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
    get vercel() {
      return emulator.vercelConfig;
    },
  });

  const setPreferences = async (token: string, preferences: Record<string, boolean>) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/preferences',
      headers: bearer(token),
      payload: preferences,
    });
    expect(response.statusCode).toBe(200);
  };

  it('refreshes GitHub in the background only while "GitHub sync" is on', async () => {
    const token = await signInWithGithub(t.app);
    expect(await refreshDueAccounts(t.app, later)).toBe(1);
    await t.app.jobs.drain();

    await setPreferences(token, { githubSync: false });
    expect(await refreshDueAccounts(t.app, later)).toBe(0);
    // Vercel's preference is its own.
    await setPreferences(token, { githubSync: true, vercelSync: false });
    expect(await refreshDueAccounts(t.app, later)).toBe(1);
    await t.app.jobs.drain();
  });

  it('refreshes Vercel in the background only while "Vercel sync" is on', async () => {
    const { token } = await signUpWithVercel(t.app, emulator.handle);
    expect(await refreshDueVercelAccounts(t.app, later)).toBe(1);
    await t.app.jobs.drain();

    await setPreferences(token, { vercelSync: false });
    expect(await refreshDueVercelAccounts(t.app, later)).toBe(0);
    await setPreferences(token, { vercelSync: true, githubSync: false });
    expect(await refreshDueVercelAccounts(t.app, later)).toBe(1);
    await t.app.jobs.drain();
  });
});
