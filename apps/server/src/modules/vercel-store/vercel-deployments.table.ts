import type { BigIntColumn } from './vercel-projects.table.js';

/** A Vercel deployment as one user's connection sees it. ISO times. */
export interface VercelDeploymentsTable {
  user_id: string;
  id: string;
  project_id: string;
  name: string;
  /** Hostname without scheme, as Vercel sends it. */
  url: string;
  inspector_url: string | null;
  state: string;
  target: 'production' | 'preview';
  branch: string | null;
  commit_sha: string | null;
  commit_message: string | null;
  commit_author_name: string | null;
  commit_author_login: string | null;
  commit_org: string | null;
  commit_repo: string | null;
  commit_repo_id: BigIntColumn;
  pr_id: number | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  building_at: string | null;
  ready_at: string | null;
  updated_at: string;
  /** JSON array of the last build log lines, fetched on demand. */
  build_log: string | null;
  build_log_fetched_at: string | null;
  synced_at: string;
}
