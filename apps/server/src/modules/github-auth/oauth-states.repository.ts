import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';

const STATE_TTL_MS = 10 * 60_000;

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

export async function createOAuthState(
  db: Db,
  options: {
    codeVerifier: string;
    linkUserId: string | null;
    browserHash: string;
    invitationId?: string | null;
  },
  now: Date = new Date(),
): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await db.deleteFrom('oauth_states').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: hashState(state),
      code_verifier: options.codeVerifier,
      link_user_id: options.linkUserId,
      browser_hash: options.browserHash,
      invitation_id: options.invitationId ?? null,
      expires_at: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
    })
    .execute();
  return state;
}

export interface PendingOAuth {
  codeVerifier: string;
  linkUserId: string | null;
  invitationId: string | null;
  /** False when the callback was opened in a browser other than the one that began the flow. */
  sameBrowser: boolean;
}

/**
 * Deletes and returns the pending round trip, so a state works once and only before it expires.
 * It is burnt even when the browser does not match, so a leaked state cannot be retried.
 */
export async function consumeOAuthState(
  db: Db,
  state: string,
  browserHash: string | null,
  now: Date = new Date(),
): Promise<PendingOAuth | null> {
  const row = await db
    .deleteFrom('oauth_states')
    .where('state_hash', '=', hashState(state))
    .returning(['code_verifier', 'link_user_id', 'browser_hash', 'expires_at', 'invitation_id'])
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return null;
  return {
    codeVerifier: row.code_verifier,
    linkUserId: row.link_user_id,
    invitationId: row.invitation_id,
    sameBrowser: browserHash !== null && row.browser_hash === browserHash,
  };
}
