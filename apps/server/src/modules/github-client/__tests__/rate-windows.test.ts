import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { findRateBudget, saveRateBudget } from '../github-rate-budget.repository.js';
import {
  findRateWindow,
  recordRateWindow,
  takeRateSlot,
} from '../github-rate-window.repository.js';
import { openSyncClient } from '../github-sync-client.js';
import { RateLimitWait } from '../rate-limit-wait.js';

const emulator = useEmulator({ repos: 12, richRepos: 2, projects: 1 });

describe.each(testDialects)('GitHub rate windows shared in the store on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('grants exactly the window’s searches to requests racing for them', async () => {
    const { userId } = await signUpAndLogIn(t.app);
    const now = new Date();
    // On PostgreSQL these run on several pooled connections at once, as instances would.
    const answers = await Promise.all(
      Array.from({ length: 45 }, () => takeRateSlot(t.database.db, userId, 'search', now)),
    );
    const granted = answers.filter((answer) => answer.granted);
    expect(granted).toHaveLength(30);
    const refused = answers.find((answer) => !answer.granted);
    expect(refused && !refused.granted && refused.until.getTime()).toBeGreaterThan(now.getTime());
  });

  it('keeps counting requests still in flight when GitHub’s figures arrive', async () => {
    const { userId } = await signUpAndLogIn(t.app);
    const now = new Date();
    const resetAt = new Date(now.getTime() + 60_000);
    const first = await takeRateSlot(t.database.db, userId, 'search', now);
    const second = await takeRateSlot(t.database.db, userId, 'search', now);
    if (!first.granted || !second.granted) throw new Error('slots expected');
    // Another app of the token had spent 27: GitHub counted the first request (2 left) but not
    // yet the second, which is still in flight.
    await recordRateWindow(
      t.database.db,
      userId,
      'search',
      { quota: 30, remaining: 2, resetAt },
      now,
      first.left,
    );
    expect(await findRateWindow(t.database.db, userId, 'search')).toMatchObject({
      remaining: 1,
      reset_at: resetAt.toISOString(),
    });
    expect(await takeRateSlot(t.database.db, userId, 'search', now)).toMatchObject({
      granted: true,
    });
    expect(await takeRateSlot(t.database.db, userId, 'search', now)).toMatchObject({
      granted: false,
    });
  });

  it('lets the inbox poll spend the core budget a long sync stops short of', async () => {
    await signInWithGithub(t.app);
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    // The token's window, as the sign-in's sync saw it, down to 400 calls (other apps spent it).
    const seen = await findRateBudget(t.database.db, userId);
    if (!seen) throw new Error('the sign-in recorded no budget');
    await saveRateBudget(t.database.db, userId, {
      ...seen,
      core_remaining: 400,
      seen_at: new Date().toISOString(),
    });
    const sync = await openSyncClient(t.app, userId, 'octocat', 'sync');
    const inbox = await openSyncClient(t.app, userId, 'octocat', 'inbox');
    if (!sync || !inbox) throw new Error('clients expected');
    const refused: unknown = await sync.get('GET /user', {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitWait);
    expect(refused).toMatchObject({ resource: 'core' });
    expect(sync.requests).toBe(0);
    const answer = await inbox.get('GET /user', {});
    expect(answer.status).toBe(200);
  });
});
