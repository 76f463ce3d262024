/** `/api/teams/:org/:slug` with both names escaped: they come from the address bar. */
export function teamApiPath(org: string, slug: string): string {
  return `/api/teams/${encodeURIComponent(org)}/${encodeURIComponent(slug)}`;
}

/** The query key every answer about one team sits under, so a change can refresh them all. */
export function teamQueryKey(org: string, slug: string) {
  return ['teams', org, slug] as const;
}
