import { RequestError } from '@octokit/request-error';
import type { Octokit } from '@octokit/rest';
import { commitLiveMessages, type CommitLiveResult } from '@shipdeck/shared/commit-live';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../auth/users.table.js';
import { findVisibleRepository } from '../github-store/github-reads.repository.js';
import { findSyncState } from '../connections/sync-state.repository.js';
import { toDeploymentDto } from '../vercel-store/vercel-dto.js';
import {
  listProjectRows,
  productionDeploymentRows,
  type DeploymentRow,
} from '../vercel-store/vercel-read.repository.js';
import {
  findContainment,
  findSyncedCommitShas,
  saveContainment,
  type ContainmentKey,
} from '../github-store/commit-containment.repository.js';
import { githubClientFor } from '../github-client/github-client.js';
import { toAppError } from '../github-client/github-errors.js';

/** Linked projects of one repository are few; this bounds the compare calls of one answer. */
const MAX_PROJECTS = 20;
/** `sha...production` answers these when production's history contains `sha`. */
const CONTAINED = new Set(['ahead', 'identical']);

function commitNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', commitLiveMessages.commitNotFound);
}

/**
 * The full SHA a SHA or prefix names: the synced commits first (no upstream call), then GitHub,
 * which also resolves commits older than the synced window. An ambiguous prefix is GitHub's
 * 422, and like an unknown one it names no commit.
 */
async function resolveSha(
  db: Db,
  octokit: Octokit,
  target: { owner: string; repo: string; repositoryId: number | null },
  ref: string,
): Promise<string> {
  if (target.repositoryId !== null) {
    const synced = await findSyncedCommitShas(db, target.repositoryId, ref);
    if (synced.length === 1 && synced[0]) return synced[0];
  }
  try {
    const { data } = await octokit.rest.repos.getCommit({
      owner: target.owner,
      repo: target.repo,
      ref,
      per_page: 1,
    });
    return data.sha;
  } catch (error) {
    if (error instanceof RequestError && [404, 409, 422].includes(error.status))
      throw commitNotFound();
    throw toAppError(error);
  }
}

/** GitHub's compare status of `sha...productionSha`, from the store when asked before. */
async function containmentStatus(
  db: Db,
  octokit: Octokit,
  key: ContainmentKey,
  target: { owner: string; repo: string },
): Promise<string | null> {
  const stored = await findContainment(db, key);
  if (stored) return stored;
  try {
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
      owner: target.owner,
      repo: target.repo,
      basehead: `${key.sha}...${key.productionSha}`,
      // Only the status matters: one commit keeps the answer (and its stored copy) small.
      per_page: 1,
    });
    await saveContainment(db, key, data.status, new Date().toISOString());
    return data.status;
  } catch (error) {
    // Production built from a commit GitHub no longer has (a force-push): it contains nothing
    // we can prove, and that is not stored, as the commit may come back.
    if (error instanceof RequestError && error.status === 404) return null;
    throw toAppError(error);
  }
}

/**
 * Whether production (a linked Vercel project) serves commit `ref` (a full SHA or a prefix) or one
 * whose history contains it: the synced deployments first, then GitHub's compare API, whose
 * answers are kept per (commit, production commit) pair.
 */
export async function findCommitLive(
  app: FastifyInstance,
  user: UserRow,
  { owner, repo, sha: ref }: { owner: string; repo: string; sha: string },
): Promise<CommitLiveResult> {
  const fullName = `${owner}/${repo}`;
  // Throws GITHUB_NOT_CONNECTED (409) before anything else; no upstream call is made here.
  const octokit = await githubClientFor(app, user);
  const repository = await findVisibleRepository(app.db, user.id, fullName);
  if (!repository) {
    // Once the user's repository list is synced, a repository missing from it is one they
    // cannot see: 404 without asking GitHub (which would refuse it anyway).
    const listed = await findSyncState(app.db, {
      userId: user.id,
      provider: 'github',
      resource: 'repositories',
    });
    if (listed?.last_success_at)
      throw new AppError(404, 'NOT_FOUND', errorMessages.repositoryNotFound);
  }
  const target = {
    owner,
    repo,
    repositoryId: repository ? Number(repository.id) : null,
  };

  const { rows: projects } = await listProjectRows(app.db, user.id, {
    repo: { org: owner, repo },
    limit: MAX_PROJECTS,
    offset: 0,
  });
  const production = [
    ...(await productionDeploymentRows(app.db, user.id, projects)).values(),
  ].filter((row): row is DeploymentRow & { commit_sha: string } => row.commit_sha !== null);
  const dto = (row: DeploymentRow) => toDeploymentDto(row, app.config.github.webUrl);

  // A full SHA production was built from needs no lookup at all.
  const exact =
    ref.length === 40 ? production.find((row) => row.commit_sha.toLowerCase() === ref) : undefined;
  const sha = exact ? ref : await resolveSha(app.db, octokit, target, ref);
  const built = exact ?? production.find((row) => row.commit_sha.toLowerCase() === sha);
  if (built) return { sha, live: true, via: 'deployment', deployment: dto(built) };
  const first = production[0];
  if (!first) return { sha, live: false, via: 'none', deployment: null };

  for (const row of production) {
    const status = await containmentStatus(
      app.db,
      octokit,
      { userId: user.id, repository: fullName, sha, productionSha: row.commit_sha },
      target,
    );
    if (status !== null && CONTAINED.has(status))
      return { sha, live: true, via: 'compare', deployment: dto(row) };
  }
  return { sha, live: false, via: 'compare', deployment: dto(first) };
}
