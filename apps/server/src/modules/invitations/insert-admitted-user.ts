import { errorMessages } from '@shipdeck/shared/messages';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { insertUser } from '../auth/users.repository.js';
import type { NewUserRow, UserRow } from '../auth/users.table.js';
import { claimFirstOwner } from '../instance-settings/instance-settings.repository.js';
import { markInvitationUsed } from './invitations.repository.js';
import type { SignupAdmission } from './signup-policy.js';

/**
 * Creates an admitted account in one transaction: the instance's first account takes the owner
 * claim, and an invitation is used up, or nothing is created (another sign-up used it first).
 */
export function insertAdmittedUser(
  db: Db,
  user: Omit<NewUserRow, 'role'>,
  admission: SignupAdmission,
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const first = await claimFirstOwner(trx);
    const created = await insertUser(trx, { ...user, role: first ? 'owner' : admission.role });
    if (
      admission.invitation &&
      !(await markInvitationUsed(trx, admission.invitation.id, created.id, user.created_at))
    ) {
      throw new AppError(410, 'GONE', errorMessages.invitationUsed);
    }
    return created;
  });
}
