import { userRoleSchema, type UserRole } from '@shipdeck/shared/roles';
import { emailSchema } from '@shipdeck/shared/auth';
import { AppError } from '../../lib/app-error.js';
import { COMMAND_LINE_ACTOR, recordAudit } from '../audit/record-audit.js';
import { findUserByEmail } from '../auth/users.repository.js';
import type { UserRow } from '../auth/users.table.js';
import type { InstanceContext } from '../instance-settings/instance-context.js';
import { createInvitation } from '../invitations/create-invitation.js';
import { createPasswordReset } from '../password-reset/create-password-reset.js';
import { listAdminUsers } from './admin-users.repository.js';
import type { Administrator } from './user-administration.js';
import { changeUserRole, setUserDisabled } from './user-administration.js';

export const ADMIN_USAGE = `Usage: shipdeck-admin <command>   (on a checkout: npm run admin -- <command>)

Commands:
  list-users                              every account: email, username, role, state
  set-role EMAIL owner|admin|member       change an account's role
  disable EMAIL                           disable an account and end its sessions
  enable EMAIL                            let a disabled account sign in again
  reset-password EMAIL                    print a single-use link (1 hour) that sets a new password
  invite [EMAIL] [--role admin|member|owner]  print an invitation link (7 days, single use)

It reads the same settings as the server (DATABASE_URL, PUBLIC_URL, ...), and may run while the
server runs. Every change is written to the audit log as done by "command line".`;

/** A mistake in how the command was typed: the usage is shown with it. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const COMMAND_LINE: Administrator = { actor: COMMAND_LINE_ACTOR, role: 'cli', ip: null };

function parseEmail(value: string | undefined): string {
  const parsed = emailSchema.safeParse(value ?? '');
  if (!parsed.success) throw new UsageError(`Not an email address: ${value ?? '(none)'}`);
  return parsed.data;
}

function parseRole(value: string | undefined): UserRole {
  const parsed = userRoleSchema.safeParse(value);
  if (!parsed.success)
    throw new UsageError(`The role must be owner, admin or member, not ${value ?? '(none)'}`);
  return parsed.data;
}

async function accountByEmail(ctx: InstanceContext, value: string | undefined): Promise<UserRow> {
  const email = parseEmail(value);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError(404, 'NOT_FOUND', `No account has the email ${email}`);
  return user;
}

function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * Runs one command of the operator's command line against the instance's database and answers
 * what to print. Errors the operator can act on are thrown as AppError (refused) or UsageError.
 */
export async function runAdminCommand(ctx: InstanceContext, argv: string[]): Promise<string> {
  const [command, ...args] = argv;
  switch (command) {
    case 'list-users': {
      const users = await listAdminUsers(ctx.db);
      if (users.length === 0) return 'No accounts yet: the first to sign up becomes the owner.';
      return table([
        ['EMAIL', 'USERNAME', 'ROLE', 'STATE', 'GITHUB', 'LAST SIGN-IN'],
        ...users.map((user) => [
          user.email,
          user.username,
          user.role,
          user.disabled ? 'disabled' : 'active',
          user.githubLogin ?? '-',
          user.lastLoginAt ?? 'never',
        ]),
      ]);
    }
    case 'set-role': {
      const user = await accountByEmail(ctx, args[0]);
      const role = parseRole(args[1]);
      await changeUserRole(ctx, COMMAND_LINE, user, role);
      return `${user.email} is now ${role}.`;
    }
    case 'disable':
    case 'enable': {
      const user = await accountByEmail(ctx, args[0]);
      await setUserDisabled(ctx, COMMAND_LINE, user, command === 'disable');
      return command === 'disable'
        ? `${user.email} is disabled; its sessions have ended.`
        : `${user.email} may sign in again.`;
    }
    case 'reset-password': {
      const user = await accountByEmail(ctx, args[0]);
      const reset = await createPasswordReset(ctx.db, ctx.config.publicUrl, user.id);
      await recordAudit(ctx.db, {
        actor: COMMAND_LINE_ACTOR,
        action: 'password.reset_link',
        target: { type: 'user', id: user.id, label: user.username },
        details: { expiresAt: reset.expiresAt },
      });
      return `Password reset link for ${user.email} (single use, until ${reset.expiresAt}):\n${reset.url}`;
    }
    case 'invite': {
      let email: string | null = null;
      let role: UserRole = 'member';
      for (let index = 0; index < args.length; index += 1) {
        const arg = args[index];
        if (arg === '--role') {
          role = parseRole(args[index + 1]);
          index += 1;
        } else if (arg?.startsWith('--role=')) {
          role = parseRole(arg.slice('--role='.length));
        } else if (email === null) {
          email = parseEmail(arg);
        } else {
          throw new UsageError(`Unexpected argument: ${arg ?? ''}`);
        }
      }
      const invitation = await createInvitation(ctx, {
        email,
        role,
        by: COMMAND_LINE_ACTOR,
        ip: null,
      });
      return `Invitation${email ? ` for ${email}` : ''} as ${role} (single use, until ${invitation.expiresAt}):\n${invitation.url}`;
    }
    case undefined:
    case 'help':
    case '--help':
      return ADMIN_USAGE;
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
}
