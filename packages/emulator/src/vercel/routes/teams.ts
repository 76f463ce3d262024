import { queryLimit, queryNumber } from '../query-number.js';
import { renderTeam } from '../render/user.js';
import type { VercelRoute } from '../vercel-request.js';

/** GET /v2/teams: the user's teams, newest first, with `until`/`since` cursors on createdAt. */
export const listTeams: VercelRoute = {
  scoped: false,
  handler(request) {
    const limit = queryLimit(request.query);
    const until = queryNumber(request.query, 'until');
    const since = queryNumber(request.query, 'since');
    const all = request.world.vercel
      .teamsOf(request.user.uid)
      .sort((a, b) => b.createdAt - a.createdAt)
      .filter(
        (t) => (until === null || t.createdAt < until) && (since === null || t.createdAt > since),
      );
    const page = since !== null && until === null ? all.slice(-limit) : all.slice(0, limit);
    const last = page[page.length - 1];
    const more = last !== undefined && all.some((t) => t.createdAt < last.createdAt);
    return {
      body: {
        teams: page.map((team) => renderTeam(team, request.user.uid)),
        pagination: {
          count: page.length,
          next: more ? last.createdAt : null,
          prev: page[0]?.createdAt ?? null,
        },
      },
    };
  },
};
