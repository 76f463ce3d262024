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

/** The answer's rows: each stored row with its ship status and what it waits on. */
async function toTeamPullRequests(
  db: Db,
  userId: string,
  rows: readonly OpenTeamPullRow[],
): Promise<TeamPullRequest[]> {
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
    const pull: Omit<ShipPullRequest, 'body'> & { body?: unknown } = { ...item };
    delete pull.body;
    return [
      {
        ...pull,
        waitingOn: waitingOnOfRow(row),
        ...requestsOfRow(row),
        lastActivityAt: row.updated_at,
      },
    ];
  });
}

/**
 * `GET /api/teams/:org/:slug/pull-requests`, also what reminders send: grouped by who each pull
 * request waits on, filtered and sorted, each group cut to `limit` rows. Null when GitHub does not
 * list the team for this person. `now` is the moment staleness is measured from.
 *
 * Filtered, sorted and grouped on the stored rows; only the rows answered get their ship status
 * (attaching it to a 1,000-pull-request team was most of the route's time).
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
  let pulls = (await openTeamPullRows(db, userId, [team.id])).map((row) => ({
    row,
    waiting: waitingOnOfRow(row),
  }));
  if (filters.drafts === 'hide') pulls = pulls.filter(({ row }) => row.draft !== 1);
  if (filters.stale !== undefined) {
    const cutoff = now - filters.stale * 3_600_000;
    pulls = pulls.filter(({ row }) => Date.parse(row.updated_at) <= cutoff);
  }
  if (filters.waitingOn !== undefined) {
    const login = filters.waitingOn.toLowerCase();
    const teamKeys = [...new Set(pulls.flatMap(({ waiting }) => waiting.teams))].map((key) =>
      key.toLowerCase(),
    );
    const members = await membersOfTeamKeys(db, teamKeys);
    pulls = pulls.filter(
      ({ waiting }) =>
        waiting.logins.some((l) => l.toLowerCase() === login) ||
        waiting.teams.some((key) =>
          (members.get(key.toLowerCase()) ?? []).some((l) => l.toLowerCase() === login),
        ),
    );
  }
  // Oldest first either way: by opening (age) or by last activity (staleness).
  const key = ({ row }: (typeof pulls)[number]): string =>
    filters.sort === 'stale' ? row.updated_at : row.created_at;
  pulls.sort((a, b) => key(a).localeCompare(key(b)) || Number(a.row.id) - Number(b.row.id));
  const cut = WAITING_ON_KINDS.map((kind: WaitingOnKind) => {
    const inGroup = pulls.filter(({ waiting }) => waiting.kind === kind);
    return { kind, total: inGroup.length, shown: inGroup.slice(0, filters.limit) };
  });
  // One ship-status read for every row answered, then back into their groups.
  const answered = await toTeamPullRequests(
    db,
    userId,
    cut.flatMap(({ shown }) => shown.map(({ row }) => row)),
  );
  const groups = cut.map(({ kind, total }) => ({
    kind,
    total,
    pullRequests: answered.filter((pull) => pull.waitingOn.kind === kind),
  }));
  return { groups, total: pulls.length, syncedAt: team.syncedAt };
}
