import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PREFIX = 'sds_';

/** 256 random bits, URL-safe, with a prefix so leaked tokens are recognisable by secret scanners. */
export function generateSessionToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
