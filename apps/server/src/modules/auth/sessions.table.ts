import type { Insertable, Selectable } from 'kysely';

/** Only the SHA-256 of a bearer token is stored, so a database leak yields no usable token. */
export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_used_at: string;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
