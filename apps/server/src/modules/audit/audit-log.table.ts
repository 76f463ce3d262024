import type { AuditAction, AuditOutcome } from '@shipdeck/shared/admin';
import type { Insertable, Selectable } from 'kysely';

/** Append-only: no route updates or deletes a row; retention prunes those older than 400 days. */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_kind: 'user' | 'cli' | 'system' | 'anonymous';
  /** No foreign key: the entry outlives the account, which it still names by username. */
  actor_user_id: string | null;
  actor_username: string | null;
  action: AuditAction;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip: string | null;
  outcome: AuditOutcome;
  /** JSON object of strings, numbers, booleans and nulls. */
  details: string;
}

export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;
