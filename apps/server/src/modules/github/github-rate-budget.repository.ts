import type { Db } from '../../db/database.js';
import type { GithubRateBudgetRow } from './github-rate-budgets.table.js';

export type RateBudget = Omit<GithubRateBudgetRow, 'user_id'>;

/** Keeps the figures GitHub sent last; an answer older than the stored one does not replace it. */
export async function saveRateBudget(db: Db, userId: string, budget: RateBudget): Promise<void> {
  await db
    .insertInto('github_rate_budgets')
    .values({ user_id: userId, ...budget })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet(budget)
        .where('github_rate_budgets.seen_at', '<=', budget.seen_at),
    )
    .execute();
}

export async function findRateBudget(db: Db, userId: string): Promise<RateBudget | undefined> {
  return db
    .selectFrom('github_rate_budgets')
    .select(['core_limit', 'core_remaining', 'core_reset_at', 'seen_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
