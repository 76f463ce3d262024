import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { recordRequestAudit } from '../audit/record-audit.js';
import type { UserRow } from './users.table.js';

/** Writes a disabled account's attempt to sign in to the audit log. */
export function recordDisabledSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  via: 'password' | 'github',
): Promise<void> {
  return recordRequestAudit(app.db, request, {
    action: 'signin.disabled',
    target: { type: 'user', id: user.id, label: user.username },
    outcome: 'refused',
    details: { via },
  });
}

/** A disabled account's sign-in: recorded, and answered 403 "This account is disabled". */
export async function refuseDisabledSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  via: 'password' | 'github',
): Promise<never> {
  await recordDisabledSignIn(app, request, user, via);
  throw new AppError(403, 'ACCOUNT_DISABLED', errorMessages.accountDisabled);
}
