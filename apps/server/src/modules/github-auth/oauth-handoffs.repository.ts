import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';

/** Long enough for the web app to load and post it, short enough to be useless once leaked. */
const HANDOFF_TTL_MS = 60_000;

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export async function createOAuthHandoff(
  db: Db,
  options: { userId: string; browserHash: string },
  now: Date = new Date(),
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.deleteFrom('oauth_handoffs').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('oauth_handoffs')
    .values({
      code_hash: hashCode(code),
      user_id: options.userId,
      browser_hash: options.browserHash,
      expires_at: new Date(now.getTime() + HANDOFF_TTL_MS).toISOString(),
    })
    .execute();
  return code;
}

/** Deletes the code whatever happens (single use) and returns its user only for the same browser. */
export async function consumeOAuthHandoff(
  db: Db,
  code: string,
  browserHash: string | null,
  now: Date = new Date(),
): Promise<string | null> {
  const row = await db
    .deleteFrom('oauth_handoffs')
    .where('code_hash', '=', hashCode(code))
    .returning(['user_id', 'browser_hash', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return null;
  if (browserHash === null || row.browser_hash !== browserHash) return null;
  return row.user_id;
}
