import type { FastifyRequest } from 'fastify';
import { userActor } from '../audit/record-audit.js';
import { requireAdmin } from '../auth/require-admin.js';
import type { Administrator } from './user-administration.js';

/** The signed-in owner or admin behind an /api/admin request (403 to a member). */
export function administratorOf(request: FastifyRequest): Administrator {
  const { user } = requireAdmin(request);
  return { actor: userActor(user), role: user.role, ip: request.ip };
}
