import type { UserRole } from '@shipdeck/shared/roles';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Booleans are stored as 0/1 integers so SQLite and PostgreSQL share one schema. */
export interface UsersTable {
  id: string;
  username: string;
  email: string;
  password_hash: string | null;
  display_name: string;
  avatar_url: string | null;
  github_id: string | null;
  github_login: string | null;
  pref_notifications: Generated<number>;
  pref_email_notifications: Generated<number>;
  pref_github_sync: Generated<number>;
  pref_vercel_sync: Generated<number>;
  /** Each kind of notification email, under pref_email_notifications (which gates them all). */
  pref_email_deployment_failed: Generated<number>;
  pref_email_review_requested: Generated<number>;
  pref_email_review_verdict: Generated<number>;
  pref_email_checks_failed: Generated<number>;
  /** The daily digest (off by default), at this hour (0-23) in pref_time_zone. */
  pref_email_digest: Generated<number>;
  pref_digest_hour: Generated<number>;
  /** IANA time zone as the person's browser reports it ('UTC' until it has). */
  pref_time_zone: Generated<string>;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  /** owner, admin or member (shared/roles.ts). */
  role: Generated<UserRole>;
  /** Set while an admin has disabled the account: it cannot sign in, and has no sessions. */
  disabled_at: string | null;
  /** Bumped by every write to what the user's synced answers show: see store-version.repository. */
  store_version: Generated<number>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
