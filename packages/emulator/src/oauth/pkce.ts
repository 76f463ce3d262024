import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 code_challenge: 43 base64url characters (a SHA-256 digest). */
export const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Whether the verifier hashes to the challenge (GitHub supports S256 only). */
export function verifyPkce(challenge: string, verifier: string | undefined): boolean {
  if (verifier === undefined || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(s256(verifier));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
