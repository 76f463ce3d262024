/** Leaves the SPA for a server-handled URL (OAuth). A module of its own so tests can stand in for it. */
export function navigateFullPage(url: string): void {
  window.location.assign(url);
}
