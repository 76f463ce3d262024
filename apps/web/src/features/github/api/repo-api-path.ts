/** `/api/github/repos/:owner/:repo` with both names escaped: they come from the address bar. */
export function repoApiPath(owner: string, repo: string): string {
  return `/api/github/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}
