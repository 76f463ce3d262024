import { randomUUID } from 'node:crypto';
import { EMAIL_CHANGE_TTL_HOURS } from '@shipdeck/shared/mail';
import type { FastifyInstance } from 'fastify';
import { generateOneTimeToken, hashOneTimeToken } from '../../../lib/one-time-token.js';
import type { UserRow } from '../../auth/users.table.js';
import { oneOffMailKey } from '../send-mail.js';
import { cancelPendingEmailChanges, insertEmailChange } from './email-changes.repository.js';

/** The page a confirmation link opens (apps/web), under PUBLIC_URL. */
export function emailChangeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
}

/**
 * Mails a 24-hour single-use link to the new address, and a notice naming it to the old one; the
 * account keeps its address until the link is opened. A newer change replaces a waiting one.
 * `notifyOldAddress` is false for Resend: the old address heard of this change already.
 */
export async function startEmailChange(
  app: FastifyInstance,
  user: UserRow,
  newEmail: string,
  { notifyOldAddress }: { notifyOldAddress: boolean },
): Promise<{ expiresAt: string }> {
  const token = generateOneTimeToken('sde_');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000).toISOString();
  await app.db.transaction().execute(async (trx) => {
    await cancelPendingEmailChanges(trx, user.id, now.toISOString());
    await insertEmailChange(trx, {
      id: randomUUID(),
      user_id: user.id,
      new_email: newEmail,
      token_hash: hashOneTimeToken(token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      confirmed_at: null,
      cancelled_at: null,
    });
  });
  await app.mail.queue({
    key: oneOffMailKey('email-change-confirm'),
    userId: user.id,
    to: newEmail,
    payload: {
      kind: 'email-change-confirm',
      username: user.username,
      newEmail,
      url: emailChangeUrl(app.config.publicUrl, token),
      expiresInHours: EMAIL_CHANGE_TTL_HOURS,
    },
  });
  if (notifyOldAddress) {
    await app.mail.queue({
      key: oneOffMailKey('email-change-notice'),
      userId: user.id,
      to: user.email,
      payload: { kind: 'email-change-notice', username: user.username, newEmail },
    });
  }
  return { expiresAt };
}
