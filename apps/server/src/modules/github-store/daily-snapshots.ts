import type { Db } from '../../db/database.js';
import { DAY_MS } from '../../lib/clock.js';
import { bumpStoreVersion } from '../answer-cache/store-version.repository.js';
import { commitsPerDay, repositoryTotals } from './github-reads.repository.js';

export const COMMIT_WINDOW_DAYS = 30;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The user's stat-card figures now: repository totals and their commits of the last 30 days. */
export async function currentFigures(db: Db, userId: string, login: string, now: Date) {
  const totals = await repositoryTotals(db, userId);
  const since = new Date(now.getTime() - COMMIT_WINDOW_DAYS * DAY_MS).toISOString();
  const perDay = await commitsPerDay(db, userId, login, since);
  const totalCommits = [...perDay.values()].reduce((sum, n) => sum + n, 0);
  return { ...totals, totalCommits };
}

/** Stores today's figures (the last sync of a day wins), so a month later they can be compared. */
export async function recordDailySnapshot(db: Db, userId: string, login: string, now: Date) {
  const figures = await currentFigures(db, userId, login, now);
  const row = {
    user_id: userId,
    day: dayOf(now),
    total_repos: figures.totalRepos,
    total_commits: figures.totalCommits,
    open_issues: figures.openIssues,
    total_stars: figures.totalStars,
    total_forks: figures.totalForks,
  };
  await db
    .insertInto('github_daily_snapshots')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet({
        total_repos: row.total_repos,
        total_commits: row.total_commits,
        open_issues: row.open_issues,
        total_stars: row.total_stars,
        total_forks: row.total_forks,
      }),
    )
    .execute();
  // The stat cards' changes compare with these snapshots.
  await bumpStoreVersion(db, [userId]);
}

/** The snapshot of 30 days ago (or the nearest older one), when history goes back that far. */
export async function snapshotMonthAgo(db: Db, userId: string, now: Date) {
  return db
    .selectFrom('github_daily_snapshots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('day', '<=', dayOf(new Date(now.getTime() - 30 * DAY_MS)))
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
}
