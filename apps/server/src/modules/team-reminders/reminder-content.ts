import { TEAM_GROUP_MAX_LIMIT } from '@shipdeck/shared/team-constants';
import type { Db } from '../../db/database.js';
import { listTeamMembers } from '../teams/team-members.js';
import { listTeamPullRequests } from '../teams/team-pull-requests.js';
import { findViewerTeam } from '../teams/teams.repository.js';
import type { ReminderCandidate, ReminderFilters } from './reminder-filters.js';
import { countApprovals, filterReminderPullRequests } from './reminder-filters.js';
import type { ReminderMessage } from './reminder-message.js';
import { buildReminderMessage } from './reminder-message.js';

function jsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Labels and approvals of these pull requests, from the store. */
async function labelsAndApprovals(db: Db, ids: readonly number[]) {
  if (ids.length === 0)
    return { labels: new Map<number, string[]>(), approvals: new Map<number, number>() };
  const [labelRows, reviewRows] = await Promise.all([
    db.selectFrom('github_pull_requests').select(['id', 'labels']).where('id', 'in', ids).execute(),
    db
      .selectFrom('github_pull_request_reviews')
      .select(['pull_request_id', 'reviewer_login', 'state', 'submitted_at'])
      .where('pull_request_id', 'in', ids)
      .execute(),
  ]);
  const labels = new Map(labelRows.map((row) => [Number(row.id), jsonList(row.labels)]));
  const approvals = new Map<number, number>();
  for (const id of ids) {
    const reviews = reviewRows
      .filter((row) => Number(row.pull_request_id) === id)
      .map((row) => ({
        reviewer: row.reviewer_login,
        state: row.state,
        submittedAt: row.submitted_at,
      }));
    approvals.set(id, countApprovals(reviews));
  }
  return { labels, approvals };
}

export interface ReminderContent {
  message: ReminderMessage;
  teamName: string;
}

/**
 * What a reminder would send now, as `viewerId` sees the team (its creator, for a scheduled run):
 * the team page's pull requests, filtered. Null when the viewer cannot see the team.
 */
export async function reminderContent(
  db: Db,
  viewerId: string,
  reminder: ReminderFilters & { org: string; slug: string },
  publicUrl: string,
  now: number,
): Promise<ReminderContent | null> {
  const team = await findViewerTeam(db, viewerId, reminder.org, reminder.slug);
  if (!team) return null;
  const [result, members] = await Promise.all([
    // Every matching pull request: the reminder's own filters run on them next.
    listTeamPullRequests(db, viewerId, team.org, team.slug, { limit: TEAM_GROUP_MAX_LIMIT }, now),
    listTeamMembers(db, team.org, team.slug),
  ]);
  if (!result) return null;
  const pulls = result.groups.flatMap((group) => group.pullRequests);
  const { labels, approvals } = await labelsAndApprovals(
    db,
    pulls.map((pull) => pull.id),
  );
  const candidates: ReminderCandidate[] = pulls.map((pull) => ({
    pull,
    labels: labels.get(pull.id) ?? [],
    approvals: approvals.get(pull.id) ?? 0,
  }));
  const matching = filterReminderPullRequests(
    candidates,
    reminder,
    { key: `${team.org}/${team.slug}`, memberLogins: members.map((member) => member.login) },
    now,
  );
  const teamUrl = `${publicUrl}/teams/${encodeURIComponent(team.org)}/${encodeURIComponent(team.slug)}`;
  return {
    teamName: team.name,
    message: buildReminderMessage(team.name, teamUrl, matching, now),
  };
}
