import { randomUUID } from 'node:crypto';
import type { SessionToken } from '@shipdeck/shared/auth';
import type { Db } from '../../db/database.js';
import { addDays } from '../../lib/clock.js';
import { generateSessionToken, hashSessionToken } from '../../lib/session-token.js';
import { deleteExpiredSessions, deleteSession, insertSession } from './sessions.repository.js';

export async function issueSession(
  db: Db,
  userId: string,
  ttlDays: number,
  options: { viaGithub?: boolean } = {},
): Promise<SessionToken> {
  const now = new Date();
  const token = generateSessionToken();
  const expiresAt = addDays(now, ttlDays).toISOString();
  // Each sign-in sweeps the user's own expired sessions, so the table cannot grow without bound.
  await deleteExpiredSessions(db, userId, now.toISOString());
  await insertSession(db, {
    id: randomUUID(),
    user_id: userId,
    token_hash: hashSessionToken(token),
    created_at: now.toISOString(),
    expires_at: expiresAt,
    last_used_at: now.toISOString(),
    github_verified_at: options.viaGithub ? now.toISOString() : null,
  });
  return { token, expiresAt };
}

/** Refresh: the presented token dies in the same transaction that creates its successor. */
export function rotateSession(
  db: Db,
  sessionId: string,
  userId: string,
  ttlDays: number,
): Promise<SessionToken> {
  return db.transaction().execute(async (trx) => {
    await deleteSession(trx, sessionId);
    return issueSession(trx, userId, ttlDays);
  });
}
