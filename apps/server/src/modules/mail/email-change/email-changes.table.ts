import type { Selectable } from 'kysely';

/** A new address waiting for confirmation; the account keeps its old one until then. */
export interface EmailChangesTable {
  id: string;
  user_id: string;
  new_email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
}

export type EmailChangeRow = Selectable<EmailChangesTable>;
