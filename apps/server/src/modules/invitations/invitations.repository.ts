import type { Invitation } from '@shipdeck/shared/admin';
import type { Db } from '../../db/database.js';
import type { InvitationRow, NewInvitationRow } from './invitations.table.js';

export async function insertInvitation(db: Db, row: NewInvitationRow): Promise<void> {
  await db.insertInto('invitations').values(row).execute();
}

export function findInvitationByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findInvitationById(db: Db, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listPendingInvitations(db: Db, nowIso: string): Promise<InvitationRow[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Revokes a pending invitation; false when there is none by that id. */
export async function revokeInvitation(db: Db, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: nowIso })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Uses the invitation for this account, unless another sign-up used it first: the conditional
 * update is what makes the link single-use when two sign-ups race.
 */
export async function markInvitationUsed(
  db: Db,
  id: string,
  userId: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ used_at: nowIso, used_by_user_id: userId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function toInvitationDto(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}
