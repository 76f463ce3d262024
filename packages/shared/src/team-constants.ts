// Team mode's figures both sides use, in a module without zod (the web's team page loads none).

/**
 * The rows each group of `GET /api/teams/:org/:slug/pull-requests` answers unless `limit` asks for
 * more: a team of 1,000 open pull requests answered whole was 762 KB and missed the 50 ms target;
 * the page shows each group's total and asks for the rest on "Show all".
 */
export const TEAM_GROUP_PAGE_SIZE = 50;
/** The most rows a group answers: what "Show all" and the reminders ask for. */
export const TEAM_GROUP_MAX_LIMIT = 1000;
