import { createHmac, timingSafeEqual } from 'node:crypto';

/** Vercel signs the raw body: `x-vercel-signature` is its hex HMAC-SHA1. */
export function verifyVercelSignature(
  secret: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{40}$/i.test(signature)) return false;
  const expected = createHmac('sha1', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
