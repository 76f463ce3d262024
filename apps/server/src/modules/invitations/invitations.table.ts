import type { UserRole } from '@shipdeck/shared/roles';
import type { Insertable, Selectable } from 'kysely';

/** An invitation link: single-use, expiring; only the token's hash is kept. */
export interface InvitationsTable {
  id: string;
  token_hash: string;
  /** When set, only this address may sign up with it. */
  email: string | null;
  role: UserRole;
  invited_by_user_id: string | null;
  /** The inviter's username (or null for the command line), kept if their account goes. */
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by_user_id: string | null;
  revoked_at: string | null;
}

export type InvitationRow = Selectable<InvitationsTable>;
export type NewInvitationRow = Insertable<InvitationsTable>;
