import { createHash } from 'node:crypto';

export function etagFor(body: string, weak: boolean): string {
  const hash = createHash('sha1').update(body).digest('hex');
  return weak ? `W/"${hash}"` : `"${hash}"`;
}

/** Weak comparison, as RFC 9110 prescribes for If-None-Match. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === bare);
}

/** True when the resource has not changed since the If-Modified-Since date (second precision). */
export function notModifiedSince(
  header: string | undefined,
  lastModified: string | undefined,
): boolean {
  if (!header || !lastModified) return false;
  const since = Date.parse(header);
  const modified = Date.parse(lastModified);
  return (
    Number.isFinite(since) &&
    Number.isFinite(modified) &&
    Math.floor(modified / 1000) <= Math.floor(since / 1000)
  );
}
