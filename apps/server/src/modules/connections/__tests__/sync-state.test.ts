import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import {
  deleteSyncStates,
  findSyncState,
  listSyncStates,
  updateSyncState,
} from '../sync-state.repository.js';

describe.each(testDialects)('sync state on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('creates a row on first update and changes only the given columns after', async () => {
    const { userId } = await signUpAndLogIn(t.app);
    const key = { userId, provider: 'github' as const, resource: 'repositories' };
    await updateSyncState(t.app.db, key, { etag: '"abc"', phase: 'repositories' });
    await updateSyncState(t.app.db, key, { progress_done: 3, progress_total: 10 });

    const row = await findSyncState(t.app.db, key);
    expect(row).toMatchObject({
      etag: '"abc"',
      phase: 'repositories',
      progress_done: 3,
      progress_total: 10,
      last_success_at: null,
    });
  });

  it('lists and deletes one provider of one user only', async () => {
    const a = await signUpAndLogIn(t.app);
    const b = await signUpAndLogIn(t.app);
    await updateSyncState(t.app.db, { userId: a.userId, provider: 'github', resource: 'x' }, {});
    await updateSyncState(t.app.db, { userId: a.userId, provider: 'vercel', resource: 'y' }, {});
    await updateSyncState(t.app.db, { userId: b.userId, provider: 'github', resource: 'x' }, {});

    await deleteSyncStates(t.app.db, a.userId, 'github');
    expect(await listSyncStates(t.app.db, a.userId, 'github')).toEqual([]);
    expect(await listSyncStates(t.app.db, a.userId, 'vercel')).toHaveLength(1);
    expect(await listSyncStates(t.app.db, b.userId, 'github')).toHaveLength(1);
  });
});
