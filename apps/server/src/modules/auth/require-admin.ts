import { errorMessages } from '@shipdeck/shared/messages';
import { isAdminRole } from '@shipdeck/shared/roles';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { AuthContext } from './authenticate.js';
import { requireAuth } from './authenticate.js';

/** The signed-in owner or admin of a request; a member gets 403. */
export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (!isAdminRole(auth.user.role)) throw new AppError(403, 'FORBIDDEN', errorMessages.adminOnly);
  return auth;
}
