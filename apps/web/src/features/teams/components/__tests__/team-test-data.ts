import type { Reminder } from '@shipdeck/shared/team-reminders';
import type {
  ReviewLoadMember,
  TeamDetailResult,
  TeamPullRequest,
  TeamSummary,
  WaitingOn,
} from '@shipdeck/shared/teams';
import { buildPullRequest } from '@/testing/github-data';

export function buildTeamSummary(overrides: Partial<TeamSummary> = {}): TeamSummary {
  return {
    org: 'octo-org',
    slug: 'platform',
    name: 'Platform',
    description: 'Builds the deploy pipeline',
    htmlUrl: 'https://github.com/orgs/octo-org/teams/platform',
    parent: null,
    memberCount: 3,
    repositoryCount: 2,
    waiting: { reviewers: 2, author: 1, merge: 0 },
    ...overrides,
  };
}

export function buildTeamDetail(): TeamDetailResult {
  return {
    team: buildTeamSummary(),
    members: [
      { login: 'octocat', avatarUrl: 'https://avatars.example.com/u/1', hasAccount: true },
      { login: 'hubot', avatarUrl: 'https://avatars.example.com/u/2', hasAccount: true },
      { login: 'monalisa', avatarUrl: 'https://avatars.example.com/u/3', hasAccount: false },
    ],
    repositories: [
      { fullName: 'octo-org/api', private: false, htmlUrl: 'https://github.com/octo-org/api' },
      { fullName: 'octo-org/web', private: true, htmlUrl: 'https://github.com/octo-org/web' },
    ],
    syncedAt: '2026-11-23T09:00:00.000Z',
  };
}

export function buildTeamPull(
  number: number,
  title: string,
  waitingOn: WaitingOn,
  overrides: Partial<TeamPullRequest> = {},
): TeamPullRequest {
  return {
    ...buildPullRequest({ number, title, repository: 'octo-org/api' }),
    review: 'review_required',
    checks: 'passing',
    preview: { state: 'none' },
    stage: 'review',
    eta: null,
    waitingOn,
    requestedReviewers: waitingOn.kind === 'reviewers' ? waitingOn.logins : [],
    requestedTeams: waitingOn.teams,
    lastActivityAt: new Date(Date.now() - 5 * 3600_000).toISOString(),
    ...overrides,
  };
}

export function buildReviewLoadMember(
  login: string,
  overrides: Partial<ReviewLoadMember> = {},
): ReviewLoadMember {
  return {
    login,
    avatarUrl: `https://avatars.example.com/${login}`,
    hasAccount: true,
    openRequests: { direct: 1, viaTeam: 2 },
    reviewsGiven: { last7Days: 3, last30Days: 9 },
    medianFirstReviewMinutes: 90,
    ...overrides,
  };
}

export function buildReminder(overrides: Partial<Reminder> = {}): Reminder {
  return {
    id: 'rem-1',
    channel: 'slack',
    enabled: true,
    disabledReason: null,
    slackWebhookLast4: 'x9Yz',
    createdBy: 'octocat',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastSentAt: null,
    days: ['mon', 'wed'],
    times: ['09:00', '14:30'],
    timeZone: 'Europe/Paris',
    ignoreDrafts: true,
    requireReviewRequests: false,
    ignoreApprovedWith: null,
    minAgeHours: 0,
    minStaleHours: 0,
    ignoredTerms: [],
    ignoredLabels: [],
    requiredLabels: [],
    ...overrides,
  };
}
