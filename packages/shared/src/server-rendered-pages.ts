/**
 * Signed-in pages the server draws into their HTML, with the data they show, for a browser that
 * sends the page-session cookie: the page paints before any script has run, and the app then
 * takes over with the same data (issue 12). Every other signed-in page, and a browser without
 * the cookie, gets the empty index.html and renders in the browser.
 */
export const SERVER_RENDERED_PAGES: readonly string[] = ['/dashboard'];

/**
 * The HttpOnly cookie holding the session token for those page requests only: the API reads the
 * bearer token alone, so a cross-site request cannot act with the cookie.
 */
export const PAGE_SESSION_COOKIE = 'shipdeck_session';

/** The `<script type="application/json">` holding the query cache a server-drawn page was drawn from. */
export const RENDERED_STATE_ELEMENT_ID = 'shipdeck-rendered-state';
