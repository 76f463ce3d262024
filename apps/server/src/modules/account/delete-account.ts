import type { FastifyInstance } from 'fastify';
import { detachAuditEntries } from '../audit/audit-log.repository.js';
import { assertNotLastOwner } from '../auth/last-owner.js';
import { countUsers, deleteUser } from '../auth/users.repository.js';
import { releaseFirstOwner } from '../instance-settings/instance-settings.repository.js';
import type { UserRow } from '../auth/users.table.js';
import { deleteUserGithubData } from '../github-store/github-store.repository.js';
import { forgetUserJobs } from './forget-user-jobs.js';

/**
 * Deletes an account and every row that belongs to it, whether its owner asks (Settings) or an
 * admin does (/admin). Its audit entries stay, naming it by username. The last owner cannot go
 * while other accounts remain (409).
 */
export async function deleteAccount(app: FastifyInstance, user: UserRow): Promise<void> {
  // The only account may go: the instance is then new again, and its next account the owner.
  const alone = (await countUsers(app.db)) === 1;
  if (!alone) await assertNotLastOwner(app.db, user);
  await deleteUserGithubData(app.db, user.id);
  await detachAuditEntries(app.db, user);
  await deleteUser(app.db, user.id);
  if (alone && (await countUsers(app.db)) === 0) await releaseFirstOwner(app.db);
  await forgetUserJobs(app, user.id);
}
