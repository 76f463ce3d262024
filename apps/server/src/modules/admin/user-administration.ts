import { errorMessages } from '@shipdeck/shared/messages';
import type { UserRole } from '@shipdeck/shared/roles';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import type { AuditActor } from '../audit/record-audit.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertNotLastOwner } from '../auth/last-owner.js';
import { deleteAllSessions } from '../auth/sessions.repository.js';
import { findUserById, updateUser } from '../auth/users.repository.js';
import type { UserRow } from '../auth/users.table.js';
import type { InstanceContext } from '../instance-settings/instance-context.js';
import { enforceServerVercelAccess } from '../vercel/enforce-server-vercel-access.js';

/** Who is administering: a signed-in owner or admin, or the command line (which may do all). */
export interface Administrator {
  actor: AuditActor;
  /** `cli` for the command line: an operator with the database may do anything. */
  role: UserRole | 'cli';
  ip: string | null;
}

/**
 * Admins run the instance's members; only an owner (or the command line) makes, changes or
 * removes an owner or admin.
 */
export function assertMayManage(by: Administrator, target: UserRow, newRole?: UserRole): void {
  if (by.role === 'cli' || by.role === 'owner') return;
  if (by.role !== 'admin') throw new AppError(403, 'FORBIDDEN', errorMessages.adminOnly);
  if (target.role !== 'member' || (newRole !== undefined && newRole !== 'member')) {
    throw new AppError(403, 'FORBIDDEN', errorMessages.ownerOnly);
  }
}

const userTarget = (user: UserRow) => ({
  type: 'user' as const,
  id: user.id,
  label: user.username,
});

export async function changeUserRole(
  ctx: InstanceContext,
  by: Administrator,
  target: UserRow,
  role: UserRole,
): Promise<UserRow> {
  assertMayManage(by, target, role);
  if (target.role === role) return target;
  const updated = await ctx.db.transaction().execute(async (trx) => {
    if (role !== 'owner') await assertNotLastOwner(trx, target);
    return updateUser(trx, target.id, { role, updated_at: nowIso() });
  });
  await recordAudit(ctx.db, {
    actor: by.actor,
    action: 'user.role_changed',
    target: userTarget(target),
    ip: by.ip,
    details: { from: target.role, to: role },
  });
  // A member now: the server's Vercel account follows the members' setting.
  await enforceServerVercelAccess(ctx, by.actor, by.ip);
  return updated;
}

/**
 * Disabling ends every session of the account in the same transaction, so the next request with
 * any of its tokens (bearer or page cookie) answers 401 on every instance: the session caches
 * forget the user on the row changes (see auth/authenticate.ts).
 */
export async function setUserDisabled(
  ctx: InstanceContext,
  by: Administrator,
  target: UserRow,
  disabled: boolean,
): Promise<UserRow> {
  assertMayManage(by, target);
  if (disabled && by.actor.userId === target.id) {
    throw new AppError(409, 'CONFLICT', errorMessages.selfDisable);
  }
  if (Boolean(target.disabled_at) === disabled) return target;
  const updated = await ctx.db.transaction().execute(async (trx) => {
    if (disabled) await assertNotLastOwner(trx, target);
    const row = await updateUser(trx, target.id, {
      disabled_at: disabled ? nowIso() : null,
      updated_at: nowIso(),
    });
    if (disabled) await deleteAllSessions(trx, target.id);
    return row;
  });
  await recordAudit(ctx.db, {
    actor: by.actor,
    action: disabled ? 'user.disabled' : 'user.enabled',
    target: userTarget(target),
    ip: by.ip,
  });
  return updated;
}

export async function findUserOr404(ctx: InstanceContext, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw new AppError(404, 'NOT_FOUND', errorMessages.userNotFound);
  return user;
}
