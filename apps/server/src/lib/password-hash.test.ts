import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('uses argon2id at OWASP’s baseline whatever the environment says', async () => {
    for (const env of [{}, { NODE_ENV: 'test' }, { NODE_ENV: 'development' }]) {
      const { passwordHashCost } = loadConfig(env);
      const stored = await hashPassword('correct-horse-1', passwordHashCost);
      expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  it('verifies against the cost a hash was made with', async () => {
    const cheap = await hashPassword('correct-horse-1', { memoryCost: 1_024, timeCost: 1 });
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'correct-horse-1')).toBe(true);
    expect(await verifyPassword(cheap, 'correct-horse-2')).toBe(false);
    expect(await verifyAgainstDummy('correct-horse-1', { memoryCost: 1_024, timeCost: 1 })).toBe(
      false,
    );
  });
});
