/**
 * The last good answer per (user, URL) with its validators, so GitHub can answer 304 (which costs
 * no rate limit) and Shipdeck can serve the last good data when GitHub fails.
 */
export interface GithubCacheTable {
  user_id: string;
  url: string;
  etag: string | null;
  last_modified: string | null;
  link: string | null;
  body: string;
  /** Epoch milliseconds of the last 200 or 304. */
  fetched_at: number;
}
