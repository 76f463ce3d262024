import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { GithubRateWindowRow } from './github-rate-windows.table.js';

export type RateWindowResource = 'search' | 'graphql';

/** GitHub's published limits, assumed until an answer tells the real figures. */
const DEFAULT_WINDOWS: Record<RateWindowResource, { quota: number; ms: number }> = {
  search: { quota: 30, ms: 60_000 },
  graphql: { quota: 5000, ms: 3_600_000 },
};

/** Clocks differ: a window is taken for ended only this long after GitHub's reset. */
const CLOCK_MARGIN_MS = 1000;

/** `left`: what the window had left once this request took its slot. */
export type SlotAnswer = { granted: true; left: number } | { granted: false; until: Date };

/**
 * Takes `cost` from the token's window of `resource` before a request goes out, or answers when
 * the window ends. One conditional UPDATE, so two instances never take the same last slot (on
 * PostgreSQL the second waits for the first's row lock and re-checks the condition). A window
 * past its end starts again full, for the guessed length until GitHub's answer says its reset.
 */
export async function takeRateSlot(
  db: Db,
  userId: string,
  resource: RateWindowResource,
  now: Date,
  cost = 1,
): Promise<SlotAnswer> {
  const fallback = DEFAULT_WINDOWS[resource];
  const nowIso = now.toISOString();
  const ended = new Date(now.getTime() - CLOCK_MARGIN_MS).toISOString();
  await db
    .insertInto('github_rate_windows')
    .values({
      user_id: userId,
      resource,
      quota: fallback.quota,
      remaining: fallback.quota,
      reset_at: ended,
      seen_at: nowIso,
    })
    .onConflict((oc) => oc.columns(['user_id', 'resource']).doNothing())
    .execute();
  const nextReset = new Date(now.getTime() + fallback.ms).toISOString();
  const taken = await db
    .updateTable('github_rate_windows')
    .set((eb) => ({
      remaining: eb
        .case()
        .when('reset_at', '<=', ended)
        .then(sql<number>`quota - ${cost}`)
        .else(sql<number>`remaining - ${cost}`)
        .end(),
      reset_at: eb
        .case()
        .when('reset_at', '<=', ended)
        .then(nextReset)
        .else(eb.ref('reset_at'))
        .end(),
      seen_at: nowIso,
    }))
    .where('user_id', '=', userId)
    .where('resource', '=', resource)
    .where((eb) => eb.or([eb('reset_at', '<=', ended), eb('remaining', '>=', cost)]))
    .returning('remaining')
    .executeTakeFirst();
  if (taken) return { granted: true, left: Number(taken.remaining) };
  const row = await findRateWindow(db, userId, resource);
  const until = row ? Date.parse(row.reset_at) + CLOCK_MARGIN_MS : now.getTime() + fallback.ms;
  return { granted: false, until: new Date(until) };
}

/**
 * Corrects the window with what GitHub answered: its reset, and its count where GitHub knows of
 * more spent than Shipdeck did (another app of the token). `left` is what the window had left
 * when this request took its slot: GitHub's `remaining` is compared with that, not with the
 * count now, because requests that took slots since may still be in flight, uncounted by GitHub.
 * An answer from a window already over changes nothing.
 */
export async function recordRateWindow(
  db: Db,
  userId: string,
  resource: RateWindowResource,
  figures: { quota: number; remaining: number; resetAt: Date },
  now: Date,
  left: number | null,
): Promise<void> {
  // What GitHub counts beyond Shipdeck's own count at the time of the request.
  const unseen = left === null ? null : Math.max(0, left - figures.remaining);
  if (figures.resetAt.getTime() <= now.getTime()) return;
  await db
    .insertInto('github_rate_windows')
    .values({
      user_id: userId,
      resource,
      quota: figures.quota,
      remaining: figures.remaining,
      reset_at: figures.resetAt.toISOString(),
      seen_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'resource']).doUpdateSet((eb) => ({
        quota: figures.quota,
        remaining: eb
          .case()
          // A window already over counts for nothing: GitHub's figures are the new window's.
          .when(
            'github_rate_windows.reset_at',
            '<=',
            new Date(now.getTime() - CLOCK_MARGIN_MS).toISOString(),
          )
          .then(figures.remaining)
          .when('github_rate_windows.remaining', '<', unseen ?? 0)
          .then(0)
          .else(
            unseen === null
              ? sql<number>`case when github_rate_windows.remaining < ${figures.remaining}
                  then github_rate_windows.remaining else ${figures.remaining} end`
              : sql<number>`github_rate_windows.remaining - ${unseen}`,
          )
          .end(),
        reset_at: figures.resetAt.toISOString(),
        seen_at: now.toISOString(),
      })),
    )
    .execute();
}

export async function findRateWindow(
  db: Db,
  userId: string,
  resource: RateWindowResource,
): Promise<GithubRateWindowRow | undefined> {
  return db
    .selectFrom('github_rate_windows')
    .selectAll()
    .where('user_id', '=', userId)
    .where('resource', '=', resource)
    .executeTakeFirst();
}
