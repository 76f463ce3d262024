import { setTimeout as sleep } from 'node:timers/promises';
import type { Pull } from '@shipdeck/emulator/data/model';
import { describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { RateLimitWait } from '../../github-client/rate-limit-wait.js';
import type { SyncReason } from '../sync-context.js';
import { syncGithubAccount } from '../sync-github-account.js';

/** GitHub renders times to the second. */
const second = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe.each(testDialects)(
  'the involvement search, read in REST slices throughout (no GraphQL, as a GHES), on %s',
  (dialect) => {
    // A world of its own per dialect (the test adds pull requests to it). A short search window
    // (2 a window) stops the involvement search between its pages, so the test can change pull
    // requests while the slices are being read. That is REST search's window: the emulator has no
    // GraphQL here, so every slice is a REST search (graphql-search-slices.test.ts has the ties on
    // the GraphQL path, stopped by the graphql window).
    const emulator = useEmulator({
      repos: 12,
      richRepos: 4,
      projects: 1,
      rateLimits: { search: 2, searchWindowMs: 2500 },
      graphql: false,
    });
    const t = useTestApp(dialect, {
      get github() {
        return emulator.githubConfig;
      },
    });

    const world = () => emulator.handle.world;

    /** Runs a sync to its end, waiting out every rate limit it meets. */
    async function syncThrough(
      userId: string,
      reason: SyncReason,
      onWait: (round: number) => void = () => undefined,
    ): Promise<void> {
      for (let round = 0; round < 20; round += 1) {
        try {
          await syncGithubAccount(t.app, { userId, reason });
          return;
        } catch (error) {
          if (!(error instanceof RateLimitWait)) throw error;
          onWait(round);
          await sleep(Math.max(0, error.until.getTime() - Date.now()) + 100);
        }
      }
      throw new Error('the sync never finished');
    }

    async function storedInvolvement(userId: string): Promise<Map<number, string>> {
      const rows = await t.database.db
        .selectFrom('github_pull_request_involvement as i')
        .innerJoin('github_pull_requests as p', 'p.id', 'i.pull_request_id')
        .select(['p.id', 'p.updated_at'])
        .where('i.user_id', '=', userId)
        .execute();
      return new Map(rows.map((row) => [Number(row.id), row.updated_at]));
    }

    it('loses no pull request and counts none twice where many share an update time, or one changes meanwhile', async () => {
      await signInWithGithub(t.app);
      const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
      // The sign-in's first sync may be waiting for the search window: it finishes first.
      await syncThrough(userId, 'initial');
      const me = world().account('octocat')?.id ?? 0;
      const repo = [...world().repos.values()].find(
        (candidate) => candidate.ownerId === me && world().history(candidate.id).data.pulls.length,
      );
      if (!repo) throw new Error('octocat owns no repository with pull requests');
      // Out of the 10 most recently pushed, whose pull lists a sync reads too: only the search
      // can find these pull requests.
      repo.pushedAt = '2015-01-01T00:00:00Z';
      const pulls = world().history(repo.id).data.pulls;
      const template = pulls[0] as Pull;
      const firstNumber = Math.max(...pulls.map((pull) => pull.number)) + 1;

      // 400 new pull requests, newest first one a minute apart, except two runs sharing one time:
      // 11 across the boundary of the first page (positions 95–105), and 120 (a page and more).
      const base = Date.now() - 60_000;
      const added: Pull[] = [];
      for (let index = 0; index < 400; index += 1) {
        const position =
          index >= 95 && index <= 105 ? 95 : index >= 150 && index < 270 ? 150 : index;
        const at = second(base - position * 60_000);
        added.push({
          ...template,
          id: 880_000_000 + index,
          number: firstNumber + index,
          title: `Sliced ${index}`,
          state: 'closed',
          userId: me,
          assigneeIds: [],
          requestedReviewerIds: [],
          createdAt: at,
          updatedAt: at,
          closedAt: at,
          mergedAt: null,
        });
      }
      pulls.push(...added);
      world().touch();

      // Changed while the slices are read (at the first wait): one deep in the list, and one
      // that newly involves octocat. Both move above every slice still to come.
      const deep = added[380] as Pull;
      const fresh = pulls.find(
        (pull) =>
          pull.userId !== me &&
          pull.assigneeIds.length === 0 &&
          !pull.requestedReviewerIds.includes(me) &&
          !world()
            .history(repo.id)
            .data.reviews.some(
              (review) => review.pullNumber === pull.number && review.userId === me,
            ),
      );
      let changed = false;
      await syncThrough(userId, 'full', () => {
        if (changed) return;
        changed = true;
        deep.title = 'Renamed while the slices were read';
        deep.updatedAt = second(Date.now());
        if (fresh) {
          fresh.assigneeIds = [me];
          fresh.updatedAt = second(Date.now());
        }
        world().touch();
      });
      expect(changed).toBe(true);

      const stored = await storedInvolvement(userId);
      // Every pull request of the ties and around them is there once (the map holds one per id).
      for (const pull of added) {
        if (pull !== deep) expect(stored.has(pull.id)).toBe(true);
      }
      // Not read by this pass (it moved above the slices left), so not stored as it is now.
      expect(stored.get(deep.id)).not.toBe(deep.updatedAt);
      if (fresh) expect(stored.has(fresh.id)).toBe(false);
      const cursor = await t.database.db
        .selectFrom('sync_state')
        .select('cursor')
        .where('user_id', '=', userId)
        .where('resource', '=', 'pull-requests')
        .executeTakeFirstOrThrow();
      const { found } = JSON.parse(cursor.cursor ?? '{}') as { found: number[] };
      expect(new Set(found).size).toBe(found.length);
      // All but the one that changed meanwhile: it moved above the slices still to read.
      for (const pull of added) {
        if (pull !== deep) expect(found).toContain(pull.id);
      }
      expect(found).not.toContain(deep.id);
      if (fresh) expect(found).not.toContain(fresh.id);
      // The tie runs went through GitHub as `updated:<=` the shared time.
      const queries = emulator.handle.requestLog
        .list({ area: 'github' })
        .map((entry) => new URL(entry.url, 'http://x').searchParams.get('q') ?? '');
      expect(queries).toContain(`is:pr involves:@me updated:<=${second(base - 95 * 60_000)}`);
      expect(queries).toContain(`is:pr involves:@me updated:<=${second(base - 150 * 60_000)}`);

      // The next incremental pass reads what changed meanwhile.
      await syncThrough(userId, 'refresh');
      const after = await storedInvolvement(userId);
      expect(after.get(deep.id)).toBe(deep.updatedAt);
      if (fresh) expect(after.has(fresh.id)).toBe(true);
    }, 120_000);
  },
);
