import type { TeamPullRequest, WaitingOn } from '@shipdeck/shared/teams';
import type { ReminderCandidate } from '../reminder-filters.js';

const HOUR_MS = 3_600_000;

/** A team pull request opened `ageHours` before `now`, last active `staleHours` before it. */
export function teamPull(
  now: number,
  overrides: Partial<TeamPullRequest> & { ageHours?: number; staleHours?: number } = {},
): TeamPullRequest {
  const { ageHours = 48, staleHours = 24, ...rest } = overrides;
  const waitingOn: WaitingOn = {
    kind: 'reviewers',
    logins: ['bob'],
    teams: [],
    reason: 'review requested',
  };
  return {
    id: 1,
    number: 7,
    title: 'Add the thing',
    state: 'open',
    merged: false,
    merged_at: null,
    closed_at: null,
    created_at: new Date(now - ageHours * HOUR_MS).toISOString(),
    updated_at: new Date(now - staleHours * HOUR_MS).toISOString(),
    draft: false,
    comments: 0,
    user: { login: 'alice', avatar_url: 'https://example.com/a.png' },
    html_url: 'https://github.com/acme/api/pull/7',
    repository: 'acme/api',
    head: { ref: 'feature', repo: null },
    review: 'review_required',
    checks: 'passing',
    preview: { state: 'none' },
    stage: 'review',
    eta: null,
    waitingOn,
    requestedReviewers: ['bob'],
    requestedTeams: [],
    lastActivityAt: new Date(now - staleHours * HOUR_MS).toISOString(),
    ...rest,
  };
}

export function candidate(
  pull: TeamPullRequest,
  extra: Partial<Omit<ReminderCandidate, 'pull'>> = {},
): ReminderCandidate {
  return { pull, labels: [], approvals: 0, ...extra };
}
