/** The sync_state resource holding the overall sync of one user's GitHub data. */
export const ACCOUNT_RESOURCE = 'account';
/** How many of the most recently pushed repositories get their commits and pulls synced. */
export const DETAILED_REPOSITORIES = 10;
/** How often a connected account is refreshed. */
export const REFRESH_EVERY_MS = 5 * 60_000;
/** Open pull requests whose review and checks one sync refreshes (three calls each). */
export const SHIP_STATE_PULLS = 30;
/**
 * How often a refresh is a full one: every repository page and every involved pull request read
 * again, unconditionally, so lost access and ended involvement are noticed.
 */
export const FULL_REFRESH_EVERY_MS = 60 * 60_000;
