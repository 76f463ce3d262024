/** A one-time code the OAuth callback hands the browser in place of a session token. */
export interface OAuthHandoffsTable {
  code_hash: string;
  user_id: string;
  /** Same binding cookie hash as the OAuth state: only that browser can trade the code. */
  browser_hash: string;
  expires_at: string;
}
