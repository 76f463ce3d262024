import { fakeSha } from '../data/ids.js';
import { contributorsOf, identityOf, WEB_FLOW, type Identity } from '../data/identities.js';
import type { Account, Commit, Pull, Repo } from '../data/model.js';
import type { RepoHistory } from '../data/repo-history.js';
import { commitMessage, summaryLine, words } from '../data/ugly-text.js';
import { pullRequestPayload, pushPayload, ZERO_SHA } from '../webhooks/github-payloads.js';
import type { ActivityContext } from './activity-context.js';
import { notifyPullMerged, notifyPullOpened } from './notify-activity.js';

function membersOf(ctx: ActivityContext, repo: Repo): Account[] {
  const owner = ctx.world.ownerOf(repo);
  const { members } = contributorsOf(repo, owner, ctx.world.accounts);
  return members.length > 0 ? members : [owner];
}

/** A commit time after `parent` and not before now (the clock may be behind generated data). */
function nextTime(parent: Commit | undefined): number {
  const after = parent ? Date.parse(parent.committedAt) + 1000 : 0;
  return Math.max(Date.now(), after);
}

export function newCommit(
  ctx: Pick<ActivityContext, 'world' | 'rng'>,
  history: RepoHistory,
  repoId: number,
  parents: string[],
  author: Identity,
  message: string,
  committer: Identity = author,
): Commit {
  const at = new Date(nextTime(history.commit(parents[0] ?? ''))).toISOString();
  const commit: Commit = {
    sha: fakeSha(
      ctx.world.seed,
      repoId,
      'live',
      history.data.commits.length,
      Date.now(),
      ctx.rng.next(),
    ),
    message,
    authorName: author.name,
    authorEmail: author.email,
    authorId: author.accountId,
    committerName: committer.name,
    committerEmail: committer.email,
    committerId: committer.accountId,
    authoredAt: at,
    committedAt: at,
    parents,
    verified: committer === WEB_FLOW,
  };
  history.addCommit(commit);
  return commit;
}

export function touchRepo(ctx: Pick<ActivityContext, 'world'>, repo: Repo): void {
  const now = new Date().toISOString();
  repo.pushedAt = now;
  repo.updatedAt = now;
  ctx.world.touch();
}

export async function sendPush(
  ctx: ActivityContext,
  repo: Repo,
  history: RepoHistory,
  ref: string,
  before: string,
  commits: Commit[],
  pusher: Account,
): Promise<void> {
  const after = commits[commits.length - 1]?.sha ?? before;
  const payload = pushPayload(ctx.render(), repo, history, {
    ref: `refs/heads/${ref}`,
    before,
    after,
    commits,
    pusher,
  });
  ctx.deliveries.push(...(await ctx.webhooks.sendGithub('push', payload, repo.id)));
}

export interface PushResult {
  commit: Commit;
  branch: string;
  pull: Pull | null;
}

/**
 * Pushes one commit to the default branch, or to an open pull request's branch (synchronize).
 * `message` replaces the generated commit message (tests plant hostile text this way).
 */
export async function pushCommit(
  ctx: ActivityContext,
  repo: Repo,
  toPull: Pull | null,
  message?: string,
): Promise<PushResult> {
  const history = ctx.world.history(repo.id);
  const pusher = toPull
    ? (ctx.world.accounts.get(toPull.userId) ?? ctx.world.ownerOf(repo))
    : ctx.rng.pick(membersOf(ctx, repo));
  const branch = toPull ? toPull.headRef : repo.defaultBranch;
  const before = history.branch(branch)?.sha ?? ZERO_SHA;
  const commit = newCommit(
    ctx,
    history,
    repo.id,
    before === ZERO_SHA ? [] : [before],
    identityOf(pusher),
    message ?? commitMessage(ctx.rng),
  );
  history.setBranch(branch, commit.sha);
  repo.empty = false;
  touchRepo(ctx, repo);
  await sendPush(ctx, repo, history, branch, before, [commit], pusher);
  if (toPull) {
    toPull.headSha = commit.sha;
    toPull.commits += 1;
    toPull.updatedAt = commit.committedAt;
    toPull.mergeabilityComputed = false;
    const payload = pullRequestPayload(ctx.render(), repo, toPull, 'synchronize', pusher, {
      before,
      after: commit.sha,
    });
    ctx.deliveries.push(...(await ctx.webhooks.sendGithub('pull_request', payload, repo.id)));
  }
  return { commit, branch, pull: toPull };
}

/**
 * Branches off the default branch, pushes a commit or two and opens a pull request. `text`
 * replaces the generated title and commit messages, `branch` the head branch's name.
 */
export async function openPull(
  ctx: ActivityContext,
  repo: Repo,
  planted: { text?: string; branch?: string } = {},
): Promise<Pull> {
  const history = ctx.world.history(repo.id);
  const author = ctx.rng.pick(membersOf(ctx, repo));
  const base = history.branch(repo.defaultBranch);
  if (!base) throw new Error(`${repo.name} has no default branch to branch from`);
  let ref =
    planted.branch ?? `${author.login}/${words(ctx.rng, 1)}-${history.data.pulls.length + 1}`;
  while (history.branch(ref)) ref = `${ref}-x`;
  const commits: Commit[] = [];
  let parent = base.sha;
  for (let i = 0; i < ctx.rng.int(1, 2); i++) {
    const commit = newCommit(
      ctx,
      history,
      repo.id,
      [parent],
      identityOf(author),
      planted.text ?? commitMessage(ctx.rng),
    );
    commits.push(commit);
    parent = commit.sha;
  }
  history.setBranch(ref, parent);
  touchRepo(ctx, repo);
  await sendPush(ctx, repo, history, ref, ZERO_SHA, commits, author);
  const now = new Date().toISOString();
  const pull: Pull = {
    id: history.nextId(),
    number: Math.max(0, ...history.data.pulls.map((p) => p.number)) + 1,
    title: planted.text ?? summaryLine(ctx.rng, 0.3),
    body: `Opened by the emulator's live activity.\n\n${words(ctx.rng, 12)}`,
    state: 'open',
    draft: false,
    locked: false,
    userId: author.id,
    headRef: ref,
    headSha: parent,
    baseRef: repo.defaultBranch,
    baseSha: base.sha,
    labels: [],
    assigneeIds: [],
    requestedReviewerIds: membersOf(ctx, repo)
      .filter((m) => m.id !== author.id)
      .slice(0, 1)
      .map((m) => m.id),
    createdAt: now,
    updatedAt: now,
    closedAt: null,
    mergedAt: null,
    mergeCommitSha: null,
    mergedById: null,
    comments: 0,
    reviewComments: 0,
    commits: commits.length,
    additions: ctx.rng.int(1, 200),
    deletions: ctx.rng.int(0, 80),
    changedFiles: ctx.rng.int(1, 9),
    mergeableState: 'clean',
    mergeabilityComputed: false,
  };
  history.data.pulls.push(pull);
  ctx.world.touch();
  notifyPullOpened(ctx.world, repo, pull, author);
  const payload = pullRequestPayload(ctx.render(), repo, pull, 'opened', author);
  ctx.deliveries.push(...(await ctx.webhooks.sendGithub('pull_request', payload, repo.id)));
  return pull;
}

/** Merges an open pull request with a merge commit on the default branch. */
export async function mergePull(ctx: ActivityContext, repo: Repo, pull: Pull): Promise<Commit> {
  const history = ctx.world.history(repo.id);
  const merger = ctx.rng.pick(membersOf(ctx, repo));
  const base = history.branch(repo.defaultBranch);
  if (!base) throw new Error(`${repo.name} has no default branch to merge into`);
  const before = base.sha;
  const commit = newCommit(
    ctx,
    history,
    repo.id,
    [before, pull.headSha],
    identityOf(merger),
    `Merge pull request #${pull.number} from ${ctx.world.ownerOf(repo).login}/${pull.headRef}\n\n${pull.title}`,
    WEB_FLOW,
  );
  history.setBranch(repo.defaultBranch, commit.sha);
  history.deleteBranch(pull.headRef);
  pull.state = 'closed';
  pull.mergedAt = commit.committedAt;
  pull.closedAt = commit.committedAt;
  pull.updatedAt = commit.committedAt;
  pull.mergeCommitSha = commit.sha;
  pull.mergedById = merger.id;
  pull.mergeableState = 'unknown';
  pull.mergeabilityComputed = true;
  touchRepo(ctx, repo);
  notifyPullMerged(ctx.world, repo, pull, merger);
  const payload = pullRequestPayload(ctx.render(), repo, pull, 'closed', merger);
  ctx.deliveries.push(...(await ctx.webhooks.sendGithub('pull_request', payload, repo.id)));
  await sendPush(ctx, repo, history, repo.defaultBranch, before, [commit], merger);
  return commit;
}
