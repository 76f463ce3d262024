import { errorMessages } from '@shipdeck/shared/messages';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { countOtherActiveOwners } from './users.repository.js';
import type { UserRow } from './users.table.js';

/**
 * An instance always keeps an owner who can sign in: the last one cannot be demoted, disabled or
 * deleted (409). Call inside the transaction that makes the change, so two admins demoting the
 * last two owners at once cannot both pass.
 */
export async function assertNotLastOwner(
  db: Db,
  user: Pick<UserRow, 'id' | 'role' | 'disabled_at'>,
): Promise<void> {
  if (user.role !== 'owner' || user.disabled_at) return;
  if ((await countOtherActiveOwners(db, user.id)) === 0) {
    throw new AppError(409, 'CONFLICT', errorMessages.lastOwner);
  }
}
