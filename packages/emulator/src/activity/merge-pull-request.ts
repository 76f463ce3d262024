import { WEB_FLOW, identityOf } from '../data/identities.js';
import type { Account, Commit, Pull, Repo } from '../data/model.js';
import type { RepoHistory } from '../data/repo-history.js';
import type { Rng } from '../data/rng.js';
import type { World } from '../data/world.js';
import { pullRequestPayload } from '../webhooks/github-payloads.js';
import type { ActivityContext } from './activity-context.js';
import { newCommit, sendPush, touchRepo } from './git-activity.js';
import { notifyPullMerged } from './notify-activity.js';

export type MergeMethod = 'merge' | 'squash' | 'rebase';

export interface MergeRequest {
  method: MergeMethod;
  merger: Account;
  commitTitle?: string | undefined;
  commitMessage?: string | undefined;
}

/** What a merge did, for its answer and for the webhooks sent after it. */
export interface MergeOutcome {
  commit: Commit;
  /** The base branch's head before the merge (the push's `before`). */
  before: string;
}

/**
 * Merges an open pull request into its base branch, as GitHub's merge button does with each
 * method: `merge` a merge commit of base and head; `squash` one commit on the base with the pull
 * request's changes, authored by its author; `rebase` the head's commit replayed on the base
 * (the emulator replays the newest one). Committed by GitHub (web-flow), the pull request is
 * closed and merged by `merger`. Only the world changes here; `sendMergeWebhooks` follows.
 */
export function applyMerge(
  ctx: { world: World; rng: Rng },
  target: { repo: Repo; history: RepoHistory },
  pull: Pull,
  request: MergeRequest,
): MergeOutcome {
  const { world } = ctx;
  const { repo, history } = target;
  const base = history.branch(pull.baseRef);
  const before = base?.sha ?? pull.baseSha;
  const owner = world.ownerOf(repo);
  const author = world.accounts.get(pull.userId) ?? owner;
  const head = history.commit(pull.headSha);
  let commit: Commit;
  if (request.method === 'merge') {
    const title =
      request.commitTitle ??
      `Merge pull request #${pull.number} from ${owner.login}/${pull.headRef}`;
    commit = newCommit(
      ctx,
      history,
      repo.id,
      [before, pull.headSha],
      identityOf(request.merger),
      `${title}\n\n${request.commitMessage ?? pull.title}`,
      WEB_FLOW,
    );
  } else if (request.method === 'squash') {
    const title = request.commitTitle ?? `${pull.title} (#${pull.number})`;
    const body = request.commitMessage ?? (head ? `* ${head.message.split('\n')[0] ?? ''}` : '');
    commit = newCommit(
      ctx,
      history,
      repo.id,
      [before],
      identityOf(author),
      body ? `${title}\n\n${body}` : title,
      WEB_FLOW,
    );
  } else {
    commit = newCommit(
      ctx,
      history,
      repo.id,
      [before],
      identityOf(author),
      head?.message ?? pull.title,
      WEB_FLOW,
    );
  }
  history.setBranch(pull.baseRef, commit.sha);
  history.deleteBranch(pull.headRef);
  pull.state = 'closed';
  pull.mergedAt = commit.committedAt;
  pull.closedAt = commit.committedAt;
  pull.updatedAt = commit.committedAt;
  pull.mergeCommitSha = commit.sha;
  pull.mergedById = request.merger.id;
  pull.mergeableState = 'unknown';
  pull.mergeabilityComputed = true;
  touchRepo(ctx, repo);
  notifyPullMerged(world, repo, pull, request.merger);
  return { commit, before };
}

/** `pull_request` `closed` (merged) and the base branch's `push`, as GitHub sends them. */
export async function sendMergeWebhooks(
  ctx: ActivityContext,
  target: { repo: Repo; history: RepoHistory },
  pull: Pull,
  outcome: MergeOutcome,
  merger: Account,
): Promise<void> {
  const { repo, history } = target;
  const payload = pullRequestPayload(ctx.render(), repo, pull, 'closed', merger);
  ctx.deliveries.push(...(await ctx.webhooks.sendGithub('pull_request', payload, repo.id)));
  await sendPush(ctx, repo, history, pull.baseRef, outcome.before, [outcome.commit], merger);
}
