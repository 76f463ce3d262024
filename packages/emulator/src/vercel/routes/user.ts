import type { VercelRoute } from '../vercel-request.js';
import { renderAuthUser } from '../render/user.js';

/** GET /v2/user */
export const getAuthUser: VercelRoute = {
  scoped: false,
  handler: (request) => ({ body: { user: renderAuthUser(request.user) } }),
};
