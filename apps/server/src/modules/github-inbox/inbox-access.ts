import { GITHUB_NOTIFICATION_SCOPES } from '@shipdeck/shared/github-token-scopes';
import type { GithubInboxState } from '@shipdeck/shared/notification-constants';
import type { FastifyInstance } from 'fastify';
import { findGithubTokenRow, findPollState } from './github-inbox.repository.js';

/**
 * Whether a token can ever read notifications, from its prefix: fine-grained personal access
 * tokens (`github_pat_`) and GitHub App tokens (`ghs_`, `ghu_`) cannot, whatever their
 * permissions; classic tokens (`ghp_`), OAuth grants (`gho_`) and older tokens can, with a scope.
 */
export function tokenCanReadNotifications(token: string): boolean {
  return !/^(github_pat_|ghs_|ghu_)/.test(token);
}

/** Whether classic scopes (X-OAuth-Scopes, or those saved with the token) allow notifications. */
export function scopesAllowNotifications(scopes: readonly string[]): boolean {
  return scopes.some((scope) => (GITHUB_NOTIFICATION_SCOPES as readonly string[]).includes(scope));
}

export function splitScopes(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[,\s]+/)
    .map((scope) => scope.trim())
    .filter(Boolean);
}

export interface InboxAccess {
  state: GithubInboxState;
  /** Whether the stored threads belong in the inbox now (read with the current token). */
  showThreads: boolean;
}

/**
 * Why the inbox holds (or lacks) GitHub's threads: no connection; a token that can never read
 * them; what the last poll with the current token found; before any poll, the token's prefix
 * and the scopes saved with it.
 */
export async function inboxAccess(app: FastifyInstance, userId: string): Promise<InboxAccess> {
  const connection = await findGithubTokenRow(app.db, userId);
  if (!connection || !connection.github_id) return { state: 'not-connected', showThreads: false };
  const poll = await findPollState(app.db, userId);
  const current = poll?.token_updated_at === connection.updated_at;
  if (current && poll.access) {
    return { state: poll.access, showThreads: poll.access === 'synced' };
  }
  if (!tokenCanReadNotifications(app.secrets.open(connection.token_sealed))) {
    return { state: 'unsupported-token', showThreads: false };
  }
  const scopes = splitScopes(connection.scopes);
  if (scopes.length > 0 && !scopesAllowNotifications(scopes)) {
    return { state: 'missing-scope', showThreads: false };
  }
  return { state: 'synced', showThreads: false };
}
