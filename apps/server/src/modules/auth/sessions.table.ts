import type { Insertable, Selectable } from 'kysely';

/** Only the SHA-256 of a bearer token is stored, so a database leak yields no usable token. */
export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_used_at: string;
  /** When this session was opened by a GitHub sign-in: proof of a recent GitHub sign-in. */
  github_verified_at: string | null;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
