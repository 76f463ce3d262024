import type { WaitingOn } from '@shipdeck/shared/teams';

export interface WaitingOnInput {
  authorLogin: string | null;
  draft: boolean;
  /** The stored review decision: approved, changes_requested, review_required (null: not asked yet). */
  review: string | null;
  /** The head commit's checks: passing, failing, pending, none (null: not asked yet). */
  checks: string | null;
  /** GitHub's MERGEABLE / CONFLICTING / UNKNOWN (null: not asked yet). */
  mergeable: string | null;
  requestedReviewers: readonly string[];
  /** `org/slug` of requested teams. */
  requestedTeams: readonly string[];
}

/**
 * Who an open pull request waits on (issue 36), the first rule that holds:
 * - the author: a draft, changes requested, a failing check on the head commit, merge conflicts;
 * - reviewers: reviews requested of people or teams and not yet given, or nobody asked yet
 *   while no approval is in;
 * - merge: approved, checks passed (or none configured, or still running), nothing requested. It
 *   waits on whoever may merge; Shipdeck cannot tell who holds write access, so it names the
 *   author, who merges on most teams.
 */
export function waitingOn(pull: WaitingOnInput): WaitingOn {
  const author = pull.authorLogin ? [pull.authorLogin] : [];
  const onAuthor = (reason: string): WaitingOn => ({
    kind: 'author',
    logins: author,
    teams: [],
    reason,
  });
  if (pull.draft) return onAuthor('draft');
  if (pull.review === 'changes_requested') return onAuthor('changes requested');
  if (pull.checks === 'failing') return onAuthor('failing checks');
  if (pull.mergeable === 'CONFLICTING') return onAuthor('merge conflicts');
  if (pull.requestedReviewers.length > 0 || pull.requestedTeams.length > 0) {
    return {
      kind: 'reviewers',
      logins: [...pull.requestedReviewers],
      teams: [...pull.requestedTeams],
      reason: 'review requested',
    };
  }
  if (pull.review !== 'approved') {
    return { kind: 'reviewers', logins: [], teams: [], reason: 'no reviewer requested' };
  }
  return {
    kind: 'merge',
    logins: author,
    teams: [],
    reason: pull.checks === 'pending' ? 'approved, checks running' : 'approved, ready to merge',
  };
}
