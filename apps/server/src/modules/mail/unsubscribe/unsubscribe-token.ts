import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailSubscriptionKind } from '@shipdeck/shared/mail';
import { emailSubscriptionKindSchema } from '@shipdeck/shared/mail';

/**
 * The signing key of unsubscribe links, derived from ENCRYPTION_KEY (never the key itself), so no
 * new secret is needed and a rotated key keeps old links working while it is a previous key.
 */
function unsubscribeKey(encryptionKey: Buffer): Buffer {
  return createHmac('sha256', encryptionKey).update('shipdeck-unsubscribe-v1').digest();
}

function signature(key: Buffer, userId: string, kind: EmailSubscriptionKind): Buffer {
  return createHmac('sha256', unsubscribeKey(key)).update(`${userId}.${kind}`).digest();
}

/** `<userId>.<kind>.<HMAC>`: bound to one person and one kind; it never expires (RFC 8058). */
export function signUnsubscribeToken(
  encryptionKey: Buffer,
  userId: string,
  kind: EmailSubscriptionKind,
): string {
  return `${userId}.${kind}.${signature(encryptionKey, userId, kind).toString('base64url')}`;
}

/** The person and kind a token names, or null for a malformed, forged or altered one. */
export function verifyUnsubscribeToken(
  keys: readonly Buffer[],
  token: string,
): { userId: string; kind: EmailSubscriptionKind } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId = '', rawKind = '', sig = ''] = parts;
  const kind = emailSubscriptionKindSchema.safeParse(rawKind);
  if (!userId || !kind.success) return null;
  const given = Buffer.from(sig, 'base64url');
  for (const key of keys) {
    const expected = signature(key, userId, kind.data);
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      return { userId, kind: kind.data };
    }
  }
  return null;
}

/** The link in List-Unsubscribe and in the footer: a GET shows a page, a POST unsubscribes. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * RFC 2369/8058 headers: the HTTPS link, plus `mailto:` to MAIL_FROM's address when it has a
 * plain one (a mail client may only offer that), and the one-click POST marker.
 */
export function listUnsubscribeHeaders(
  url: string,
  mailFrom: string,
  kind: EmailSubscriptionKind,
): Record<string, string> {
  const address =
    /<([^<>@\s]+@[^<>@\s]+)>\s*$/.exec(mailFrom)?.[1] ??
    (/^[^<>@\s]+@[^<>@\s]+$/.test(mailFrom.trim()) ? mailFrom.trim() : null);
  const mailto = address
    ? `, <mailto:${address}?subject=${encodeURIComponent(`unsubscribe ${kind}`)}>`
    : '';
  return {
    'List-Unsubscribe': `<${url}>${mailto}`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
