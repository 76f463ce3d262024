import type { TeamPullRequest } from '@shipdeck/shared/teams';

/** A reminder's filters, as stored and as its body names them. */
export interface ReminderFilters {
  ignoreDrafts: boolean;
  requireReviewRequests: boolean;
  /** Leave out pull requests with at least this many approvals; null keeps them all. */
  ignoreApprovedWith: number | null;
  minAgeHours: number;
  minStaleHours: number;
  ignoredTerms: readonly string[];
  ignoredLabels: readonly string[];
  requiredLabels: readonly string[];
}

/** A team pull request with what the filters read beyond the team page's row. */
export interface ReminderCandidate {
  pull: TeamPullRequest;
  /** Label names as GitHub spells them. */
  labels: readonly string[];
  /** Reviewers whose latest verdict is an approval. */
  approvals: number;
}

export interface ReminderTeam {
  /** `org/slug`: a request of this team counts as the team being asked. */
  key: string;
  /** GitHub logins of its members. */
  memberLogins: readonly string[];
}

const HOUR_MS = 3_600_000;

const lower = (value: string): string => value.toLowerCase();

/** Whether a request for review names a member or the team itself. */
function teamWasAsked(pull: TeamPullRequest, team: ReminderTeam): boolean {
  const members = new Set(team.memberLogins.map(lower));
  const teamKey = lower(team.key);
  return (
    pull.requestedReviewers.some((login) => members.has(lower(login))) ||
    pull.requestedTeams.some((key) => lower(key) === teamKey)
  );
}

/**
 * Whether one pull request belongs in a reminder. Terms match anywhere in the title and labels by
 * name, both ignoring case; with required labels, a pull request needs at least one of them.
 */
export function reminderMatches(
  candidate: ReminderCandidate,
  filters: ReminderFilters,
  team: ReminderTeam,
  now: number,
): boolean {
  const { pull } = candidate;
  if (filters.ignoreDrafts && pull.draft) return false;
  if (filters.requireReviewRequests && !teamWasAsked(pull, team)) return false;
  if (filters.ignoreApprovedWith !== null && candidate.approvals >= filters.ignoreApprovedWith)
    return false;
  if (now - Date.parse(pull.created_at) < filters.minAgeHours * HOUR_MS) return false;
  if (now - Date.parse(pull.lastActivityAt) < filters.minStaleHours * HOUR_MS) return false;
  const title = lower(pull.title);
  if (filters.ignoredTerms.some((term) => title.includes(lower(term)))) return false;
  const labels = new Set(candidate.labels.map(lower));
  if (filters.ignoredLabels.some((label) => labels.has(lower(label)))) return false;
  if (
    filters.requiredLabels.length > 0 &&
    !filters.requiredLabels.some((label) => labels.has(lower(label)))
  )
    return false;
  return true;
}

/** The candidates a reminder sends, in the order given. */
export function filterReminderPullRequests(
  candidates: readonly ReminderCandidate[],
  filters: ReminderFilters,
  team: ReminderTeam,
  now: number,
): ReminderCandidate[] {
  return candidates.filter((candidate) => reminderMatches(candidate, filters, team, now));
}

/** Approvals from reviews: each reviewer's latest approval or request for changes counts once. */
export function countApprovals(
  reviews: readonly { reviewer: string; state: string; submittedAt: string }[],
): number {
  const latest = new Map<string, { state: string; at: string }>();
  for (const review of reviews) {
    if (!['APPROVED', 'CHANGES_REQUESTED', 'DISMISSED'].includes(review.state)) continue;
    const key = lower(review.reviewer);
    const seen = latest.get(key);
    if (!seen || seen.at <= review.submittedAt)
      latest.set(key, { state: review.state, at: review.submittedAt });
  }
  return [...latest.values()].filter((verdict) => verdict.state === 'APPROVED').length;
}
