import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';

const STATE_TTL_MS = 10 * 60_000;

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

export async function createOAuthState(
  db: Db,
  options: { codeVerifier: string; linkUserId: string | null },
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
      expires_at: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
    })
    .execute();
  return state;
}

/** Deletes and returns the pending round trip, so a state works once and only before it expires. */
export async function consumeOAuthState(
  db: Db,
  state: string,
  now: Date = new Date(),
): Promise<{ codeVerifier: string; linkUserId: string | null } | null> {
  const row = await db
    .deleteFrom('oauth_states')
    .where('state_hash', '=', hashState(state))
    .returning(['code_verifier', 'link_user_id', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return null;
  return { codeVerifier: row.code_verifier, linkUserId: row.link_user_id };
}
