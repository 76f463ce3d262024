import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// v1 (before key rotation): v1.iv.tag.ciphertext, with no hint of which key sealed it.
// v2: v2.keyId.iv.tag.ciphertext, the key id bound into the auth tag as associated data.
const LEGACY_VERSION = 'v1';
const VERSION = 'v2';
const IV_BYTES = 12;

export interface SecretBox {
  seal: (plaintext: string) => string;
  open: (sealed: string) => string;
}

/**
 * A short, stable name for a key: a hash prefix, so it tells keys apart without revealing them.
 * It is the "key version" every sealed value carries.
 */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256')
    .update('shipdeck-key-id:')
    .update(key)
    .digest()
    .subarray(0, 6)
    .toString('base64url');
}

/** The key id a value was sealed under, or null for a legacy v1 value (or not a sealed value). */
export function sealedKeyId(sealed: string): string | null {
  const [version, keyId] = sealed.split('.');
  return version === VERSION && keyId ? keyId : null;
}

/** How every value sealed under `keyId` starts; lets a query find values under older keys. */
export function sealedPrefixOf(keyId: string): string {
  return `${VERSION}.${keyId}.`;
}

function assertKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('encryption key must be 32 bytes');
}

function decrypt(
  key: Buffer,
  parts: { iv: string; tag: string; ciphertext: string; aad?: string },
) {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts.iv, 'base64url'));
  if (parts.aad !== undefined) decipher.setAAD(Buffer.from(parts.aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(parts.tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(parts.ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * AES-256-GCM for provider tokens at rest. Seals under `key`; opens values sealed under `key` or
 * any of `previousKeys`, so ENCRYPTION_KEY can be rotated without a moment where tokens are
 * unreadable. A tampered or foreign value fails to open instead of decrypting to garbage.
 */
export function createSecretBox(key: Buffer, previousKeys: readonly Buffer[] = []): SecretBox {
  assertKey(key);
  previousKeys.forEach(assertKey);
  const currentId = keyIdOf(key);
  const keyring = new Map<string, Buffer>();
  for (const candidate of [key, ...previousKeys]) {
    const id = keyIdOf(candidate);
    if (!keyring.has(id)) keyring.set(id, candidate);
  }

  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const header = `${VERSION}.${currentId}`;
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(header, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [header, ...parts].join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts[0] === VERSION && parts.length === 5) {
        const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
        const sealingKey = keyring.get(keyId);
        if (!sealingKey) throw new Error('sealed under a key that is not configured');
        return decrypt(sealingKey, { iv, tag, ciphertext, aad: `${VERSION}.${keyId}` });
      }
      if (parts[0] === LEGACY_VERSION && parts.length === 4) {
        const [, iv, tag, ciphertext] = parts as [string, string, string, string];
        // A legacy value names no key: try each, the auth tag tells the right one.
        for (const candidate of keyring.values()) {
          try {
            return decrypt(candidate, { iv, tag, ciphertext });
          } catch {
            // the next key, if any
          }
        }
        throw new Error('sealed under a key that is not configured');
      }
      throw new Error('not a sealed secret');
    },
  };
}
