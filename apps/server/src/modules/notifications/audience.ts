import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Who a change concerns: users named by GitHub login, and everyone who can see a repository. */
export interface Audience {
  githubLogins: string[];
  /** Every user with access to this repository in the synced store. */
  githubRepositoryId?: number;
  /**
   * The Shipdeck user who authored this pull request, found through the synced store (check
   * deliveries name a pull request by number only).
   */
  pullRequestAuthor?: { repositoryId: number; number: number };
  /** Every user whose synced Vercel projects include this project. */
  vercelProjectId?: string;
}

/**
 * Shipdeck users a change concerns: those whose linked GitHub login the delivery names
 * (repository owner, pull-request author, requested reviewer, commit author) and, for
 * repository-wide changes, everyone the synced store records as able to see the repository; a
 * pull request's author is found through the synced pull requests.
 * A Vercel delivery reaches everyone whose synced projects include its project.
 */
export async function resolveAudience(db: Db, audience: Audience): Promise<string[]> {
  const ids = new Set<string>();
  const logins = audience.githubLogins.map((login) => login.toLowerCase());
  if (logins.length > 0) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(github_login)`, 'in', logins)
      .execute();
    for (const row of rows) ids.add(row.id);
  }
  if (audience.pullRequestAuthor) {
    const { repositoryId, number } = audience.pullRequestAuthor;
    const rows = await db
      .selectFrom('github_pull_requests')
      .innerJoin('users', (join) =>
        join.on(
          sql<string>`lower(users.github_login)`,
          '=',
          sql<string>`lower(github_pull_requests.author_login)`,
        ),
      )
      .select('users.id')
      .where('github_pull_requests.repository_id', '=', repositoryId)
      .where('github_pull_requests.number', '=', number)
      .execute();
    for (const row of rows) ids.add(row.id);
  }
  if (audience.vercelProjectId !== undefined) {
    const rows = await db
      .selectFrom('vercel_projects')
      .select('user_id')
      .where('id', '=', audience.vercelProjectId)
      .execute();
    for (const row of rows) ids.add(row.user_id);
  }
  if (audience.githubRepositoryId !== undefined) {
    const rows = await db
      .selectFrom('github_repository_access')
      .select('user_id')
      .where('repository_id', '=', audience.githubRepositoryId)
      .execute();
    for (const row of rows) ids.add(row.user_id);
  }
  return [...ids];
}
