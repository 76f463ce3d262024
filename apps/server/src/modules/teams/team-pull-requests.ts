import type { ShipPullRequest } from '@shipdeck/shared/insights';
import {
  WAITING_ON_KINDS,
  teamPullRequestsQuerySchema,
  type TeamPullRequest,
  type TeamPullRequestsQuery,
  type TeamPullRequestsResult,
  type WaitingOnKind,
} from '@shipdeck/shared/teams';
import type { Db } from '../../db/database.js';
import { withShipStatus } from '../ship-status/attach-ship-status.js';
import {
  findViewerTeam,
  membersOfTeamKeys,
  openTeamPullRows,
  type OpenTeamPullRow,
  type ViewerTeam,
} from './teams.repository.js';
import { waitingOn } from './waiting-on.js';

function jsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** What a stored row waits on (the rules need no ship status: counts skip attaching it). */
export function waitingOnOfRow(row: OpenTeamPullRow) {
  return waitingOn({
    authorLogin: row.author_login,
    draft: row.draft === 1,
    review: row.review_state,
    checks: row.checks_state,
    mergeable: row.mergeable,
    requestedReviewers: jsonList(row.requested_reviewers),
    requestedTeams: jsonList(row.requested_teams),
  });
}

/** Who is still asked on a stored row (review load counts them). */
export function requestsOfRow(row: OpenTeamPullRow): {
  requestedReviewers: string[];
  requestedTeams: string[];
} {
  return {
    requestedReviewers: jsonList(row.requested_reviewers),
    requestedTeams: jsonList(row.requested_teams),
  };
}

/** Every open pull request of the team's readable repositories, with what it waits on. */
export async function teamPullRequests(
  db: Db,
  userId: string,
  team: ViewerTeam,
): Promise<TeamPullRequest[]> {
  const rows = await openTeamPullRows(db, userId, [team.id]);
  // A pull request a sync has not rated yet still gets a row: review required, no checks known.
  const rated = rows.map((row: OpenTeamPullRow) => ({
    ...row,
    review_state: row.review_state ?? 'review_required',
    checks_state: row.checks_state ?? 'none',
  }));
  const items = await withShipStatus(db, userId, rated);
  return items.flatMap((item, index): TeamPullRequest[] => {
    const row = rows[index];
    if (!row || !('review' in item)) return [];
    const requestedReviewers = jsonList(row.requested_reviewers);
    const requestedTeams = jsonList(row.requested_teams);
    return [
      {
        ...(item satisfies ShipPullRequest),
        waitingOn: waitingOnOfRow(row),
        requestedReviewers,
        requestedTeams,
        lastActivityAt: row.updated_at,
      },
    ];
  });
}

/**
 * `GET /api/teams/:org/:slug/pull-requests`, also what reminders send: grouped by who each pull
 * request waits on, filtered and sorted. Null when GitHub does not list the team for this person.
 * `now` is the moment staleness is measured from.
 */
export async function listTeamPullRequests(
  db: Db,
  userId: string,
  org: string,
  slug: string,
  query: TeamPullRequestsQuery,
  now: number = Date.now(),
): Promise<TeamPullRequestsResult | null> {
  const team = await findViewerTeam(db, userId, org, slug);
  if (!team) return null;
  const filters = teamPullRequestsQuerySchema.parse(query);
  let pulls = await teamPullRequests(db, userId, team);
  if (filters.drafts === 'hide') pulls = pulls.filter((pull) => !pull.draft);
  if (filters.stale !== undefined) {
    const cutoff = now - filters.stale * 3_600_000;
    pulls = pulls.filter((pull) => Date.parse(pull.lastActivityAt) <= cutoff);
  }
  if (filters.waitingOn !== undefined) {
    const login = filters.waitingOn.toLowerCase();
    const teamKeys = [...new Set(pulls.flatMap((pull) => pull.waitingOn.teams))].map((key) =>
      key.toLowerCase(),
    );
    const members = await membersOfTeamKeys(db, teamKeys);
    pulls = pulls.filter(
      (pull) =>
        pull.waitingOn.logins.some((l) => l.toLowerCase() === login) ||
        pull.waitingOn.teams.some((key) =>
          (members.get(key.toLowerCase()) ?? []).some((l) => l.toLowerCase() === login),
        ),
    );
  }
  // Oldest first either way: by opening (age) or by last activity (staleness).
  const key = (pull: TeamPullRequest): string =>
    filters.sort === 'stale' ? pull.lastActivityAt : pull.created_at;
  pulls.sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id);
  const groups = WAITING_ON_KINDS.map((kind: WaitingOnKind) => ({
    kind,
    pullRequests: pulls.filter((pull) => pull.waitingOn.kind === kind),
  }));
  return { groups, total: pulls.length, syncedAt: team.syncedAt };
}
