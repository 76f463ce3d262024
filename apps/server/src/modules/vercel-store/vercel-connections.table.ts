/** Which Vercel account (and team) a user's stored token acts as; the token is in provider_tokens. */
export interface VercelConnectionsTable {
  user_id: string;
  /** `token`: pasted by the user; `server`: the server's own VERCEL_TOKEN (or the demo account). */
  source: 'token' | 'server';
  account_id: string;
  username: string;
  team_id: string | null;
  team_slug: string | null;
  team_name: string | null;
  /** `reconnect` once Vercel answered `invalidToken`: the pages ask to reconnect. */
  status: 'connected' | 'reconnect';
  connected_at: string;
}
