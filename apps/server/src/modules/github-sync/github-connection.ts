import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../auth/users.table.js';
import { findProviderToken } from '../connections/provider-tokens.repository.js';

/** The store answers only for a user with GitHub connected; otherwise a 409 the page acts on. */
export async function requireGithubConnection(
  app: FastifyInstance,
  user: UserRow,
): Promise<string> {
  const stored = user.github_id ? await findProviderToken(app.db, user.id, 'github') : undefined;
  if (!stored || !user.github_login) {
    throw new AppError(409, 'GITHUB_NOT_CONNECTED', errorMessages.githubNotConnected);
  }
  return user.github_login;
}
