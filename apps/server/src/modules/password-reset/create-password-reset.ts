import { randomUUID } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES } from '@shipdeck/shared/admin';
import type { Db } from '../../db/database.js';
import { generateOneTimeToken, hashOneTimeToken } from '../../lib/one-time-token.js';
import { insertPasswordReset } from './password-resets.repository.js';

/** Where a reset link leads: the page that sets the new password (apps/web). */
export function passwordResetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** A single-use link, good for an hour, that sets a new password for this account. */
export async function createPasswordReset(
  db: Db,
  publicUrl: string,
  userId: string,
): Promise<{ url: string; expiresAt: string }> {
  const token = generateOneTimeToken('sdr_');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString();
  await insertPasswordReset(db, {
    id: randomUUID(),
    user_id: userId,
    token_hash: hashOneTimeToken(token),
    created_at: now.toISOString(),
    expires_at: expiresAt,
    used_at: null,
  });
  return { url: passwordResetUrl(publicUrl, token), expiresAt };
}
