/**
 * GitHub's Link header: rel order prev, next, last, first; page 1 has no prev/first, the last
 * page no next/last, and a single page no header at all. The request's own query parameters
 * are kept, with only `page` changed.
 */
export function linkHeader(
  baseUrl: string,
  query: URLSearchParams,
  page: number,
  lastPage: number,
): string | null {
  if (lastPage <= 1 && page <= 1) return null;
  const urlFor = (target: number): string => {
    const params = new URLSearchParams();
    let placed = false;
    for (const [key, value] of query) {
      if (key === 'page') {
        if (!placed) params.append('page', String(target));
        placed = true;
      } else {
        params.append(key, value);
      }
    }
    if (!placed) params.append('page', String(target));
    return `<${baseUrl}?${params.toString()}>`;
  };
  const parts: string[] = [];
  if (page > 1) parts.push(`${urlFor(Math.min(page - 1, Math.max(lastPage, 1)))}; rel="prev"`);
  if (page < lastPage)
    parts.push(`${urlFor(page + 1)}; rel="next"`, `${urlFor(lastPage)}; rel="last"`);
  if (page > 1) parts.push(`${urlFor(1)}; rel="first"`);
  return parts.length > 0 ? parts.join(', ') : null;
}
