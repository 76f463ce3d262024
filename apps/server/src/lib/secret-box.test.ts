import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, keyIdOf, sealedKeyId, sealedPrefixOf } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('gho_16C7e42F292c6912E7710c838347Ae178B4a');
    expect(sealed).not.toContain('gho_');
    expect(box.open(sealed)).toBe('gho_16C7e42F292c6912E7710c838347Ae178B4a');
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses tampered values and values sealed with another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3] ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    parts[3] = flipped.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain-text')).toThrow('not a sealed secret');
  });

  it('insists on a 256-bit key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('secret box key rotation', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  /** A value as the v1 format (before key ids) wrote it. */
  function sealLegacy(key: Buffer, plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  it('names the sealing key in every value, without revealing the key', () => {
    const sealed = createSecretBox(newKey).seal('token');
    expect(sealedKeyId(sealed)).toBe(keyIdOf(newKey));
    expect(keyIdOf(newKey)).not.toBe(keyIdOf(oldKey));
    expect(sealed.startsWith(sealedPrefixOf(keyIdOf(newKey)))).toBe(true);
    expect(sealed).not.toContain(newKey.toString('base64url').slice(0, 8));
  });

  it('opens values sealed under a previous key and seals under the current one', () => {
    const before = createSecretBox(oldKey).seal('gho_before');
    const rotated = createSecretBox(newKey, [oldKey]);
    expect(rotated.open(before)).toBe('gho_before');
    expect(sealedKeyId(rotated.seal('gho_after'))).toBe(keyIdOf(newKey));
    expect(() => createSecretBox(newKey).open(before)).toThrow('not configured');
  });

  it('still opens legacy v1 values under the current or a previous key', () => {
    expect(createSecretBox(oldKey).open(sealLegacy(oldKey, 'legacy'))).toBe('legacy');
    expect(createSecretBox(newKey, [oldKey]).open(sealLegacy(oldKey, 'legacy'))).toBe('legacy');
    expect(() => createSecretBox(newKey).open(sealLegacy(oldKey, 'legacy'))).toThrow();
    expect(sealedKeyId(sealLegacy(oldKey, 'legacy'))).toBeNull();
  });

  it('refuses a value whose key id was swapped for another configured key', () => {
    const box = createSecretBox(newKey, [oldKey]);
    const parts = createSecretBox(oldKey).seal('secret').split('.');
    parts[1] = keyIdOf(newKey);
    expect(() => box.open(parts.join('.'))).toThrow();
  });

  it('insists on 256-bit previous keys too', () => {
    expect(() => createSecretBox(newKey, [randomBytes(16)])).toThrow('32 bytes');
  });
});
