import type { MergeBody } from '@shipdeck/shared/pull-request-actions';
import { pullRequestActionMessages as messages } from '@shipdeck/shared/pull-request-actions';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isUncertainFailure } from './github-action-refusal.js';
import type { PullRequestActionContext } from './run-pull-request-action.js';

const mergedAnswer = z.object({ sha: z.string(), merged: z.boolean() }).loose();
const pullAnswer = z
  .object({
    merged: z.boolean().optional(),
    merged_at: z.string().nullable(),
    merge_commit_sha: z.string().nullable().optional(),
  })
  .loose();

export interface MergeOutcome {
  /** The merge commit (or squash / rebase result). */
  sha: string | null;
  mergedAt: string;
  /** GitHub failed to answer the merge, and reading the pull request back found it merged. */
  readBack: boolean;
}

/**
 * `PUT /repos/{o}/{r}/pulls/{n}/merge {merge_method, sha}`: GitHub merges only if the head is
 * still the one the page showed (409 otherwise), so a second click or tab cannot merge newer
 * commits unseen. When GitHub fails mid-way (5xx, timeout), the merge may or may not have
 * happened: the pull request is read back, and only GitHub's own `merged` is reported as done.
 */
export async function mergeOnGithub(
  context: PullRequestActionContext,
  body: MergeBody,
): Promise<MergeOutcome> {
  const { octokit, owner, repo, pull } = context;
  const target = { owner, repo, pull_number: pull.number };
  try {
    const response = await octokit.request('PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge', {
      ...target,
      merge_method: body.method,
      sha: body.expectedHeadSha,
    });
    const answer = mergedAnswer.parse(response.data);
    if (!answer.merged) throw new AppError(502, 'PROVIDER_ERROR', messages.unavailable);
    return { sha: answer.sha, mergedAt: new Date().toISOString(), readBack: false };
  } catch (error) {
    if (!isUncertainFailure(error)) throw error;
    context.audit.readBack = true;
    let merged: z.infer<typeof pullAnswer>;
    try {
      const read = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', target);
      merged = pullAnswer.parse(read.data);
    } catch {
      throw new AppError(502, 'PROVIDER_ERROR', messages.unavailable);
    }
    if (merged.merged !== true || merged.merged_at === null)
      throw new AppError(502, 'PROVIDER_ERROR', messages.unavailable);
    return { sha: merged.merge_commit_sha ?? null, mergedAt: merged.merged_at, readBack: true };
  }
}
