import { createHmac } from 'node:crypto';

/** GitHub: `sha256=` + hex HMAC-SHA256 of the raw body bytes. */
export function githubSignature256(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** GitHub's legacy header value: `sha1=` + hex HMAC-SHA1. */
export function githubSignature1(secret: string, body: string): string {
  return `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;
}

/** Vercel: hex HMAC-SHA1 of the raw body, no prefix. */
export function vercelSignature(secret: string, body: string): string {
  return createHmac('sha1', secret).update(body).digest('hex');
}
