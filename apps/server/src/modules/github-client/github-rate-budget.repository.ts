import type { Db } from '../../db/database.js';
import type { GithubRateBudgetRow } from './github-rate-budgets.table.js';

export type RateBudget = Omit<GithubRateBudgetRow, 'user_id'>;

/** Keeps the latest figures GitHub sent: the lowest of the current window, or a newer window's. */
export async function saveRateBudget(db: Db, userId: string, budget: RateBudget): Promise<void> {
  await db
    .insertInto('github_rate_budgets')
    .values({ user_id: userId, ...budget })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet(budget)
        // Answers to concurrent calls arrive in any order. Within one window the budget only
        // falls, so the lowest figure is the latest; a later reset is a new window.
        .where((eb) =>
          eb.or([
            eb('github_rate_budgets.core_reset_at', '<', budget.core_reset_at),
            eb.and([
              eb('github_rate_budgets.core_reset_at', '=', budget.core_reset_at),
              eb('github_rate_budgets.core_remaining', '>=', budget.core_remaining),
            ]),
          ]),
        ),
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

/**
 * The fewest core calls left to any account with GitHub connected, or null when none has a budget
 * on record. A window already past its reset counts as its whole limit: GitHub has refilled it.
 */
export async function lowestRateBudgetLeft(db: Db, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('github_rate_budgets as budget')
    .innerJoin('provider_tokens as token', (join) =>
      join.onRef('token.user_id', '=', 'budget.user_id').on('token.provider', '=', 'github'),
    )
    .select((eb) =>
      eb.fn
        .min<number | string | null>(
          eb
            .case()
            .when('budget.core_reset_at', '<=', now.toISOString())
            .then(eb.ref('budget.core_limit'))
            .else(eb.ref('budget.core_remaining'))
            .end(),
        )
        .as('lowest'),
    )
    .executeTakeFirst();
  return row?.lowest === null || row?.lowest === undefined ? null : Number(row.lowest);
}
