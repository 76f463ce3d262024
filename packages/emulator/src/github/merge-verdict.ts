import type { Pull, Repo } from '../data/model.js';
import type { RepoHistory } from '../data/repo-history.js';
import { latestStatuses } from './render/checks.js';

export type MergeableState = Pull['mergeableState'];

/** What GitHub would answer to a merge of this pull request now, and the state it reports. */
export interface MergeVerdict {
  /** `mergeable_state` (GraphQL `mergeStateStatus`, upper-cased). */
  state: MergeableState;
  /** The 405 message GitHub gives a merge, or null when it would merge. */
  refusal: string | null;
}

/** GitHub's merge settings of a repository, its defaults where the world names none. */
export function mergeSettingsOf(repo: Repo): NonNullable<Repo['mergeSettings']> {
  return (
    repo.mergeSettings ?? {
      allowMergeCommit: true,
      allowSquashMerge: true,
      allowRebaseMerge: true,
      allowAutoMerge: false,
    }
  );
}

const FAILED = new Set(['failure', 'timed_out', 'cancelled', 'action_required']);

/** A required context's state on `sha`: its newest check run by name, else its newest status. */
function requiredCheckState(
  history: RepoHistory,
  sha: string,
  context: string,
): 'missing' | 'pending' | 'failing' | 'passing' {
  let newest: RepoHistory['data']['checkRuns'][number] | undefined;
  for (const run of history.data.checkRuns) {
    if (run.headSha === sha && run.name === context && (newest?.id ?? -1) < run.id) newest = run;
  }
  if (newest) {
    if (newest.status !== 'completed') return 'pending';
    return newest.conclusion !== null && FAILED.has(newest.conclusion) ? 'failing' : 'passing';
  }
  const status = latestStatuses(
    history.data.statuses.filter((s) => s.sha === sha && s.context === context),
  )[0];
  if (!status) return 'missing';
  if (status.state === 'pending') return 'pending';
  return status.state === 'success' ? 'passing' : 'failing';
}

/** Each reviewer's newest verdict (a dismissal withdraws it); the author's own never counts. */
function latestVerdicts(history: RepoHistory, pull: Pull): Map<number, string> {
  const latest = new Map<number, string>();
  const reviews = history.data.reviews
    .filter((review) => review.pullNumber === pull.number)
    .sort((a, b) => (a.submittedAt ?? '').localeCompare(b.submittedAt ?? '') || a.id - b.id);
  for (const review of reviews) {
    if (review.state === 'APPROVED' || review.state === 'CHANGES_REQUESTED')
      latest.set(review.userId, review.state);
    else if (review.state === 'DISMISSED') latest.delete(review.userId);
  }
  latest.delete(pull.userId);
  return latest;
}

/** Reviewers whose newest verdict on the pull request is an approval. */
export function approvingReviewers(history: RepoHistory, pull: Pull): number[] {
  return [...latestVerdicts(history, pull).entries()]
    .filter(([, state]) => state === 'APPROVED')
    .map(([userId]) => userId);
}

function approvalsMessage(count: number): string {
  return count === 1
    ? 'At least 1 approving review is required by reviewers with write access.'
    : `At least ${count} approving reviews are required by reviewers with write access.`;
}

/**
 * Mergeability as GitHub decides it (PROVIDERS.md §11.1, §11.7): a draft or a conflict refuses;
 * on a protected default branch each required check must pass (`Required status check "x" is
 * expected.` while missing or running, `… is failing.` after it failed) and enough reviewers
 * must approve, with no request for changes standing (`blocked`). Elsewhere the generated `mergeableState` stands, `blocked` refusing
 * for a missing approval as GitHub's would.
 */
export function mergeVerdict(repo: Repo, history: RepoHistory, pull: Pull): MergeVerdict {
  if (pull.state !== 'open')
    return { state: pull.mergeableState, refusal: 'Pull Request is not mergeable' };
  if (pull.draft) return { state: 'draft', refusal: 'Pull Request is still a draft' };
  if (pull.mergeableState === 'dirty')
    return { state: 'dirty', refusal: 'Pull Request is not mergeable' };
  const protection = pull.baseRef === repo.defaultBranch ? repo.protection : undefined;
  if (!protection) {
    // A generated `blocked` waits for one approval, as the repository's rules would.
    if (pull.mergeableState === 'blocked' && approvingReviewers(history, pull).length === 0)
      return { state: 'blocked', refusal: approvalsMessage(1) };
    if (pull.mergeableState === 'blocked') return { state: 'clean', refusal: null };
    return { state: pull.mergeableState, refusal: null };
  }
  for (const context of protection.requiredStatusChecks) {
    const state = requiredCheckState(history, pull.headSha, context);
    if (state === 'missing' || state === 'pending')
      return { state: 'blocked', refusal: `Required status check "${context}" is expected.` };
    if (state === 'failing')
      return { state: 'blocked', refusal: `Required status check "${context}" is failing.` };
  }
  const needed = protection.requiredApprovingReviewCount;
  // A standing request for changes blocks as a missing approval does (its own text UNVERIFIED).
  const verdicts = [...latestVerdicts(history, pull).values()];
  if (
    needed > 0 &&
    (verdicts.filter((state) => state === 'APPROVED').length < needed ||
      verdicts.includes('CHANGES_REQUESTED'))
  )
    return { state: 'blocked', refusal: approvalsMessage(needed) };
  return { state: pull.mergeableState === 'unstable' ? 'unstable' : 'clean', refusal: null };
}
