import type { ShipFilter } from '@shipdeck/shared/insights';
import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2 });

interface StoredPull {
  id: number;
  state: 'open' | 'closed';
  draft: number;
  review_state: string | null;
  checks_state: string | null;
  is_author: number;
  is_review_requested: number;
}

/** Each filter's definition written out again over the stored rows, independent of the SQL. */
const rules: Record<ShipFilter, (pull: StoredPull) => boolean> = {
  needs_my_review: (p) => p.state === 'open' && p.draft === 0 && p.is_review_requested === 1,
  mine: (p) => p.is_author === 1,
  failing_checks: (p) => p.state === 'open' && p.checks_state === 'failing',
  ready_to_merge: (p) =>
    p.state === 'open' &&
    p.draft === 0 &&
    p.review_state === 'approved' &&
    p.checks_state === 'passing',
};

describe.each(testDialects)('pull-request ship filters on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  const list = async (token: string, query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/github/pull-requests?perPage=100&${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return shipPullsResultSchema.parse(response.json<{ data: unknown }>().data);
  };

  it('filter in SQL over the stored review, checks, draft and involvement', async () => {
    const token = await signInWithGithub(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    const userId = me.json<{ data: { user: { id: string } } }>().data.user.id;

    const stored = async (): Promise<StoredPull[]> =>
      (
        await t.app.db
          .selectFrom('github_pull_requests as p')
          .innerJoin('github_pull_request_involvement as i', 'i.pull_request_id', 'p.id')
          .where('i.user_id', '=', userId)
          .select([
            'p.id',
            'p.state',
            'p.draft',
            'p.review_state',
            'p.checks_state',
            'i.is_author',
            'i.is_review_requested',
          ])
          .execute()
      ).map((row) => ({ ...row, id: Number(row.id) }));

    const open = (await stored()).filter((pull) => pull.state === 'open');
    const closed = (await stored()).find((pull) => pull.state === 'closed');
    expect(open.length).toBeGreaterThanOrEqual(4);
    const [ready, draft, failing, asked] = open;
    if (!ready || !draft || !failing || !asked || !closed) throw new Error('too few pulls');

    // Craft one pull request per case, including the near misses each rule must exclude.
    const set = async (id: number, changes: Partial<Omit<StoredPull, 'id'>>) => {
      const { is_author, is_review_requested, ...pull } = changes;
      if (Object.keys(pull).length > 0) {
        await t.app.db.updateTable('github_pull_requests').set(pull).where('id', '=', id).execute();
      }
      if (is_author !== undefined || is_review_requested !== undefined) {
        await t.app.db
          .updateTable('github_pull_request_involvement')
          .set({
            ...(is_author === undefined ? {} : { is_author }),
            ...(is_review_requested === undefined ? {} : { is_review_requested }),
          })
          .where('pull_request_id', '=', id)
          .where('user_id', '=', userId)
          .execute();
      }
    };
    await set(ready.id, { draft: 0, review_state: 'approved', checks_state: 'passing' });
    await set(draft.id, { draft: 1, review_state: 'approved', checks_state: 'passing' });
    await set(failing.id, {
      draft: 0,
      review_state: 'approved',
      checks_state: 'failing',
      is_author: 1,
    });
    await set(asked.id, {
      draft: 0,
      review_state: 'review_required',
      checks_state: 'pending',
      is_review_requested: 1,
      is_author: 0,
    });
    await set(closed.id, { checks_state: 'failing', is_review_requested: 1 });

    const pulls = await stored();
    const ids = async (ship: ShipFilter, extra = '') =>
      (await list(token, `ship=${ship}${extra}`)).pullRequests.map((pull) => pull.id).sort();

    for (const ship of Object.keys(rules) as ShipFilter[]) {
      const expected = pulls
        .filter(rules[ship])
        .map((pull) => pull.id)
        .sort();
      expect(expected.length, ship).toBeGreaterThan(0);
      expect(await ids(ship), ship).toEqual(expected);
    }

    expect(await ids('ready_to_merge')).toContain(ready.id);
    expect(await ids('ready_to_merge')).not.toContain(draft.id);
    expect(await ids('ready_to_merge')).not.toContain(failing.id);
    expect(await ids('failing_checks')).toContain(failing.id);
    expect(await ids('failing_checks')).not.toContain(closed.id);
    expect(await ids('needs_my_review')).toContain(asked.id);
    expect(await ids('needs_my_review')).not.toContain(closed.id);
    expect(await ids('mine')).toContain(failing.id);
    expect(await ids('mine')).not.toContain(asked.id);

    // The ship filter narrows the state filter rather than replacing it.
    const mineMerged = await list(token, 'ship=mine&filter=merged');
    expect(mineMerged.pullRequests.every((pull) => pull.merged_at !== null)).toBe(true);
    const mineClosedOnly = await list(token, 'ship=ready_to_merge&filter=closed');
    expect(mineClosedOnly.pullRequests).toEqual([]);
    expect(mineClosedOnly.pagination.total).toBe(0);
  }, 30_000);

  it('refuses an unknown ship filter with a 400 naming the field', async () => {
    const token = await signInWithGithub(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/github/pull-requests?ship=everything',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('ship');
  }, 30_000);
});
