import type { Selectable } from 'kysely';

/** A single-use link that sets a new password; only the token's hash is kept. */
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type PasswordResetRow = Selectable<PasswordResetsTable>;
