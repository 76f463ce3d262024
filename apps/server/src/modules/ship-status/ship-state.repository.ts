import type { ChecksState, ReviewState } from '@shipdeck/shared/insights';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { bumpStoreVersionOfViewers } from '../answer-cache/store-version.repository.js';
import {
  involvedPullRequests,
  visiblePullRequests,
} from '../github-store/github-reads.repository.js';

/** What the ship-status pass reads of a pull request, whichever way it came to it. */
const SHIP_PULL_COLUMNS = [
  'github_pull_requests.id',
  'github_pull_requests.number',
  'github_pull_requests.title',
  'github_pull_requests.head_sha',
  'github_pull_requests.requested_reviewers',
  'github_pull_requests.repository_id',
  'github_pull_requests.review_state',
  'github_pull_requests.checks_state',
  'github_pull_requests.checks_rerun_at',
  'github_pull_requests.created_at',
  'github_pull_requests.updated_at',
  'github_repositories.owner_login',
  'github_repositories.name',
] as const;

/**
 * The user's open pull requests, most recently updated first (a search hit has no head SHA yet);
 * a null limit is every one of them.
 */
export async function openPullsForShipState(db: Db, userId: string, limit: number | null) {
  const query = involvedPullRequests(db, userId)
    .select(SHIP_PULL_COLUMNS)
    .where('github_pull_requests.state', '=', 'open')
    .orderBy('github_pull_requests.updated_at', 'desc')
    .orderBy('github_pull_requests.id', 'desc');
  return (limit === null ? query : query.limit(limit)).execute();
}

/**
 * Open pull requests still "Re-running" checks this user asked for, in repositories the user still
 * sees, involved in them or not: a re-run is asked from a repository's or a team's list too, and
 * when no webhook brings its results only the asker's sync is sure to read them (no one else's
 * may cover that pull request). Found by the partial index on `checks_rerun_by`.
 */
export async function openPullsRerunBy(db: Db, userId: string) {
  return visiblePullRequests(db, userId)
    .select(SHIP_PULL_COLUMNS)
    .where('github_pull_requests.checks_rerun_by', '=', userId)
    .where('github_pull_requests.checks_rerun_at', 'is not', null)
    .where('github_pull_requests.state', '=', 'open')
    .orderBy('github_pull_requests.updated_at', 'desc')
    .orderBy('github_pull_requests.id', 'desc')
    .execute();
}

export async function saveShipState(
  db: Db,
  pullRequestId: number,
  state: { review: ReviewState; checks: ChecksState },
): Promise<void> {
  await db
    .updateTable('github_pull_requests')
    .set({ review_state: state.review, checks_state: state.checks })
    .where('id', '=', pullRequestId)
    .execute();
  const pull = await db
    .selectFrom('github_pull_requests')
    .select('repository_id')
    .where('id', '=', pullRequestId)
    .executeTakeFirst();
  if (pull) await bumpStoreVersionOfViewers(db, [Number(pull.repository_id)]);
}

/**
 * Stores ship states read in bulk, with the head they are of, writing only rows that changed and
 * telling the viewers of those repositories once (a warm pass over thousands writes nothing).
 */
export async function saveShipStatesWithHeads(
  db: Db,
  changes: readonly {
    pullRequestId: number;
    repositoryId: number;
    headSha: string;
    review: ReviewState;
    checks: ChecksState;
  }[],
): Promise<void> {
  if (changes.length === 0) return;
  for (const change of changes) {
    await db
      .updateTable('github_pull_requests')
      .set({ head_sha: change.headSha, review_state: change.review, checks_state: change.checks })
      .where('id', '=', change.pullRequestId)
      .execute();
  }
  await bumpStoreVersionOfViewers(db, [...new Set(changes.map((c) => c.repositoryId))]);
}

/** The review and checks state a sync stored for these pull requests, with the head they are of. */
export async function storedShipStates(db: Db, pullRequestIds: readonly number[]) {
  if (pullRequestIds.length === 0) return [];
  return db
    .selectFrom('github_pull_requests')
    .select(['id', 'head_sha', 'review_state', 'checks_state', 'checks_rerun_at'])
    .where('id', 'in', pullRequestIds)
    .execute();
}

const deploymentColumns = [
  'd.id',
  'd.project_id',
  'd.target',
  'd.state',
  'd.url',
  'd.commit_sha',
  'd.commit_message',
  'd.created_at',
  'd.building_at',
  'd.ready_at',
] as const;

/** This user's Vercel deployments built from any of these commits, for previews and stages. */
export async function deploymentsForShas(db: Db, userId: string, shas: readonly string[]) {
  if (shas.length === 0) return [];
  return db
    .selectFrom('vercel_deployments as d')
    .select(deploymentColumns)
    .where('d.user_id', '=', userId)
    .where('d.commit_sha', 'in', [...shas])
    .execute();
}

/**
 * Production deployments created since `since` of this user's Vercel projects linked to these
 * repositories (`owner/name`, any case), each with the repository it is linked to, lower case.
 * A merged pull request is live once such a build made after its merge is READY: the build of
 * a merge or squash commit carries a SHA of its own, not the pull request's head.
 */
export async function productionDeploymentsOfRepositories(
  db: Db,
  userId: string,
  repositories: readonly string[],
  since: string,
) {
  if (repositories.length === 0) return [];
  const names = [...new Set(repositories.map((name) => name.toLowerCase()))];
  const linkedRepository = sql<string>`lower(p.link_org) || '/' || lower(p.link_repo)`;
  return db
    .selectFrom('vercel_deployments as d')
    .innerJoin('vercel_projects as p', (join) =>
      join.onRef('p.user_id', '=', 'd.user_id').onRef('p.id', '=', 'd.project_id'),
    )
    .select(deploymentColumns)
    .select(linkedRepository.as('repository'))
    .where('d.user_id', '=', userId)
    .where('d.target', '=', 'production')
    .where('d.created_at', '>=', since)
    .where(linkedRepository, 'in', names)
    .execute();
}

/** `requested_reviewers` is stored as a JSON array of logins; anything else counts as none. */
export function parseLogins(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter((login): login is string => typeof login === 'string')
      : [];
  } catch {
    return [];
  }
}
