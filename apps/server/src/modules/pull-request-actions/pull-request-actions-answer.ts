import { checksStateSchema, reviewStateSchema } from '@shipdeck/shared/insights';
import type { PullRequestActions } from '@shipdeck/shared/pull-request-actions';
import type { UserRow } from '../auth/users.table.js';
import { autoMergeOf } from '../ship-status/ship-status-from-row.js';
import type { ActionPullRequestRow } from './action-pull-request.repository.js';
import { allowedMergeMethods, autoMergeAllowed } from './merge-methods.js';

const MERGEABLE = new Set(['MERGEABLE', 'CONFLICTING', 'UNKNOWN']);

/**
 * What this person can do on this pull request, from the store alone: nothing where GitHub would
 * refuse for certain (archived, read access only, closed), no review of one's own pull request,
 * re-running only when a check failed and no re-run is under way.
 */
export function pullRequestActionsAnswer(
  user: UserRow,
  pull: ActionPullRequestRow,
  lastMethod: PullRequestActions['lastMergeMethod'],
): PullRequestActions {
  const archived = pull.archived === 1;
  const canPush = pull.can_push === null ? null : pull.can_push === 1;
  const merged = pull.merged_at !== null;
  const open = pull.state === 'open' && !merged;
  const draft = pull.draft === 1;
  const viewerIsAuthor =
    user.github_login !== null &&
    pull.author_login !== null &&
    user.github_login.toLowerCase() === pull.author_login.toLowerCase();
  const mergeMethods = allowedMergeMethods(pull);
  const autoMerge = autoMergeOf(pull);
  const review = reviewStateSchema.safeParse(pull.review_state);
  const checks = checksStateSchema.safeParse(pull.checks_state);
  const checksRerunning = open && pull.checks_rerun_at !== null;
  const writable = open && !archived && canPush !== false;
  const reviewable = writable && !draft && !viewerIsAuthor;
  return {
    repository: pull.full_name,
    number: pull.number,
    title: pull.title,
    htmlUrl: pull.html_url,
    state: pull.state,
    merged,
    draft,
    headSha: pull.head_sha,
    viewerIsAuthor,
    canPush,
    archived,
    mergeMethods,
    lastMergeMethod: lastMethod && mergeMethods.includes(lastMethod) ? lastMethod : null,
    autoMergeAllowed: autoMergeAllowed(pull),
    autoMerge,
    mergeable:
      pull.mergeable !== null && MERGEABLE.has(pull.mergeable)
        ? (pull.mergeable as PullRequestActions['mergeable'])
        : null,
    review: review.success ? review.data : null,
    checks: checks.success ? checks.data : null,
    checksRerunning,
    available: {
      merge: writable && !draft && mergeMethods.length > 0 && pull.head_sha !== null,
      // Turning it off stays offered while it is on, whatever the repository now allows.
      autoMerge: writable && !draft && (autoMerge !== null || autoMergeAllowed(pull)),
      approve: reviewable,
      requestChanges: reviewable,
      requestReviewers: writable,
      rerunFailedChecks:
        writable && checks.success && checks.data === 'failing' && !checksRerunning,
    },
  };
}
