import type { FastifyInstance } from 'fastify';
import { changeNotifications } from '../notifications/change-notifications.js';
import { notify } from '../notifications/notify.js';

/**
 * Tells whoever asked for a re-run of failed checks how it settled, once per re-run: for each pull
 * request of these repositories whose "Re-running" mark has ended (webhook or sync) and whose checks
 * now pass or fail. A re-run still pending waits for the next call; the claim (clearing
 * `checks_rerun_by` where it still holds) makes concurrent callers send one item between them.
 */
export async function notifySettledChecksReruns(
  app: FastifyInstance,
  repositoryIds: readonly number[],
): Promise<void> {
  if (repositoryIds.length === 0) return;
  const settled = await app.db
    .selectFrom('github_pull_requests')
    .innerJoin(
      'github_repositories',
      'github_repositories.id',
      'github_pull_requests.repository_id',
    )
    .select([
      'github_pull_requests.id',
      'github_pull_requests.number',
      'github_pull_requests.title',
      'github_pull_requests.checks_state',
      'github_pull_requests.checks_rerun_by',
      'github_pull_requests.checks_rerun_asked_at',
      'github_repositories.id as repository_id',
      'github_repositories.full_name',
      'github_repositories.owner_login',
      'github_repositories.name',
    ])
    .where('github_pull_requests.repository_id', 'in', [...repositoryIds])
    .where('github_pull_requests.checks_rerun_at', 'is', null)
    .where('github_pull_requests.checks_rerun_by', 'is not', null)
    .where('github_pull_requests.checks_state', 'in', ['passing', 'failing'])
    .execute();
  for (const row of settled) {
    const askedBy = row.checks_rerun_by;
    const askedAt = row.checks_rerun_asked_at;
    if (!askedBy || !askedAt) continue;
    const claim = await app.db
      .updateTable('github_pull_requests')
      .set({ checks_rerun_by: null, checks_rerun_asked_at: null })
      .where('id', '=', row.id)
      .where('checks_rerun_by', '=', askedBy)
      .where('checks_rerun_asked_at', '=', askedAt)
      .where('checks_rerun_at', 'is', null)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) continue;
    const repo = {
      id: Number(row.repository_id),
      fullName: row.full_name,
      ownerLogin: row.owner_login,
      name: row.name,
    };
    await notify(
      app,
      askedBy,
      changeNotifications.checksRerun(
        repo,
        { number: Number(row.number), title: row.title },
        { passed: row.checks_state === 'passing', askedAt },
      ),
    );
  }
}
