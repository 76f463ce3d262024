import type { AuditEntry } from '@shipdeck/shared/admin';
import type { Db } from '../../db/database.js';
import type { AuditLogRow, NewAuditLogRow } from './audit-log.table.js';

export async function insertAuditEntry(db: Db, row: NewAuditLogRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Newest first; the cursor is the last entry's `at` and `id`, so equal times page correctly. */
export async function listAuditEntries(
  db: Db,
  limit: number,
  before: { at: string; id: string } | null,
): Promise<AuditLogRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('at', '<', before.at),
        eb.and([eb('at', '=', before.at), eb('id', '<', before.id)]),
      ]),
    );
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function pruneAuditEntries(db: Db, olderThanIso: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', olderThanIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function toAuditEntryDto(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor: { kind: row.actor_kind, username: row.actor_username },
    action: row.action,
    target:
      row.target_type === null
        ? null
        : { type: row.target_type, id: row.target_id, label: row.target_label ?? '' },
    ip: row.ip,
    outcome: row.outcome,
    details: JSON.parse(row.details) as AuditEntry['details'],
  };
}

/**
 * A deleted account's entries stay (what it did, and what was done to it), naming it by username
 * alone: its id and email go.
 */
export async function detachAuditEntries(
  db: Db,
  user: { id: string; email: string; username: string },
): Promise<void> {
  await db
    .updateTable('audit_log')
    .set({ actor_user_id: null, actor_username: user.username })
    .where('actor_user_id', '=', user.id)
    .execute();
  await db
    .updateTable('audit_log')
    .set({ target_id: null, target_label: user.username })
    .where((eb) =>
      eb.or([
        eb('target_id', '=', user.id),
        eb(eb.fn('lower', ['target_label']), '=', user.email.toLowerCase()),
      ]),
    )
    .execute();
}
