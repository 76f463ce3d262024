import type { ColumnType } from 'kysely';

/** GitHub ids exceed 32 bits in time: bigint, which node-postgres reads back as a string. */
export type BigIntColumn = ColumnType<number | string | null, number | null, number | null>;

/** A Vercel project as one user's connection sees it. ISO times. */
export interface VercelProjectsTable {
  user_id: string;
  id: string;
  name: string;
  framework: string | null;
  link_type: string | null;
  link_org: string | null;
  link_repo: string | null;
  link_repo_id: BigIntColumn;
  link_production_branch: string | null;
  production_deployment_id: string | null;
  created_at: string;
  updated_at: string;
  synced_at: string;
}
