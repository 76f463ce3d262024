import { hash, randomBytes } from 'node:crypto';

/**
 * A token for a link sent to one person (an invitation, a password reset): 256 random bits,
 * prefixed so a leaked one is recognisable. Only its hash is stored.
 */
export function generateOneTimeToken(prefix: 'sdi_' | 'sdr_' | 'sde_'): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function hashOneTimeToken(token: string): string {
  return hash('sha256', token, 'hex');
}
