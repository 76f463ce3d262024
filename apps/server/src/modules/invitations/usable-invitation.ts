import { errorMessages } from '@shipdeck/shared/messages';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { hashOneTimeToken } from '../../lib/one-time-token.js';
import { findInvitationById, findInvitationByTokenHash } from './invitations.repository.js';
import type { InvitationRow } from './invitations.table.js';

/**
 * The invitation a link's token (or, after a GitHub round trip, its id) names, if it can still
 * admit someone; otherwise why not.
 */
export async function usableInvitation(
  db: Db,
  key: string | { token: string } | { id: string },
  nowIso: string,
): Promise<InvitationRow> {
  const row =
    typeof key === 'string' || 'token' in key
      ? await findInvitationByTokenHash(
          db,
          hashOneTimeToken(typeof key === 'string' ? key : key.token),
        )
      : await findInvitationById(db, key.id);
  if (!row || row.revoked_at) {
    throw new AppError(400, 'VALIDATION_ERROR', errorMessages.invitationInvalid, [
      { field: 'body.invitation', message: errorMessages.invitationInvalid },
    ]);
  }
  if (row.used_at) throw new AppError(410, 'GONE', errorMessages.invitationUsed);
  if (row.expires_at <= nowIso) throw new AppError(410, 'GONE', errorMessages.invitationExpired);
  return row;
}
