import type { ProviderTokensTable } from '../modules/connections/provider-tokens.table.js';
import type { GithubCacheTable } from '../modules/github/github-cache.table.js';
import type { OAuthHandoffsTable } from '../modules/github-auth/oauth-handoffs.table.js';
import type { OAuthStatesTable } from '../modules/github-auth/oauth-states.table.js';
import type { SessionsTable } from '../modules/auth/sessions.table.js';
import type { UsersTable } from '../modules/auth/users.table.js';
import type { RateLimitsTable } from '../modules/rate-limit/rate-limits.table.js';
import type { SyncStateTable } from '../modules/sync/sync-state.table.js';

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  oauth_states: OAuthStatesTable;
  oauth_handoffs: OAuthHandoffsTable;
  provider_tokens: ProviderTokensTable;
  github_cache: GithubCacheTable;
  sync_state: SyncStateTable;
}
