import { hash, randomBytes } from 'node:crypto';

const TOKEN_PREFIX = 'sds_';

/** 256 random bits, URL-safe, with a prefix so leaked tokens are recognisable by secret scanners. */
export function generateSessionToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

// Every authenticated request hashes its token: the one-shot form skips building a Hash object.
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}
