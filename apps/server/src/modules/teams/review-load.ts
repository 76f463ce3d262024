import type { ReviewLoadMember } from '@shipdeck/shared/teams';
import { DAY_MS } from '../../lib/clock.js';
import type { Db } from '../../db/database.js';
import {
  reviewRequestsInRepositories,
  reviewsInRepositories,
  teamMemberRows,
  teamsOfLogins,
  type ViewerTeam,
} from './teams.repository.js';

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value * 10) / 10;
}

/**
 * Review load per member over the team's readable repositories: open requests (direct, and
 * through any team they belong to, counted once per pull request), reviews given in 7 and 30
 * days, and the median minutes from a request of them (or of a team of theirs) to their first
 * review after it, over requests made in the last 30 days.
 */
export async function reviewLoad(
  db: Db,
  userId: string,
  team: ViewerTeam,
  openPulls: readonly {
    requestedReviewers: readonly string[];
    requestedTeams: readonly string[];
  }[],
  now: number = Date.now(),
): Promise<ReviewLoadMember[]> {
  const since30 = new Date(now - 30 * DAY_MS).toISOString();
  const since7 = new Date(now - 7 * DAY_MS).toISOString();
  const members = await teamMemberRows(db, [team.id]);
  const logins = members.map((member) => member.login);
  const [teamsOf, reviews, requests] = await Promise.all([
    teamsOfLogins(db, logins),
    reviewsInRepositories(db, userId, [team.id], since30),
    reviewRequestsInRepositories(db, userId, [team.id], since30),
  ]);
  return members.map((member): ReviewLoadMember => {
    const login = member.login.toLowerCase();
    const myTeams = new Set(teamsOf.get(login) ?? []);
    let direct = 0;
    let viaTeam = 0;
    for (const pull of openPulls) {
      if (pull.requestedReviewers.some((l) => l.toLowerCase() === login)) direct += 1;
      else if (pull.requestedTeams.some((key) => myTeams.has(key.toLowerCase()))) viaTeam += 1;
    }
    const mine = reviews.filter((review) => review.reviewer_login.toLowerCase() === login);
    const firstReviewMinutes: number[] = [];
    for (const request of requests) {
      const asked =
        request.kind === 'user'
          ? request.reviewer.toLowerCase() === login
          : myTeams.has(request.reviewer.toLowerCase());
      if (!asked) continue;
      const first = mine
        .filter(
          (review) =>
            String(review.pull_request_id) === String(request.pull_request_id) &&
            review.submitted_at >= request.requested_at,
        )
        .map((review) => Date.parse(review.submitted_at))
        .sort((a, b) => a - b)[0];
      if (first !== undefined)
        firstReviewMinutes.push((first - Date.parse(request.requested_at)) / 60_000);
    }
    return {
      login: member.login,
      avatarUrl: member.avatarUrl,
      hasAccount: member.userId !== null,
      openRequests: { direct, viaTeam },
      reviewsGiven: {
        last7Days: mine.filter((review) => review.submitted_at >= since7).length,
        last30Days: mine.length,
      },
      medianFirstReviewMinutes: median(firstReviewMinutes),
    };
  });
}
