import type { Provider } from './provider-tokens.table.js';

/**
 * Per (user, provider, resource) bookkeeping of a sync: the validators for conditional requests,
 * when the data was last confirmed, what failed, when it is due again and how far a running
 * sync has got. `resource` names what is synced: `repositories`, `pull-requests`,
 * `commits:<repositoryId>`, `projects`, `deployments:<projectId>` …
 */
export interface SyncStateTable {
  user_id: string;
  provider: Provider;
  resource: string;
  etag: string | null;
  last_modified: string | null;
  /** A provider's pagination cursor (Vercel's `until`/`since`), when the resource uses one. */
  cursor: string | null;
  /** What a running sync is doing now (`repositories`, `pull-requests` …); null when idle. */
  phase: string | null;
  progress_done: number | null;
  progress_total: number | null;
  /** ISO times. */
  last_success_at: string | null;
  last_attempt_at: string | null;
  last_error: string | null;
  next_due_at: string | null;
}
