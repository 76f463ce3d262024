import { execFile } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { createSecretBox, keyIdOf, sealedKeyId } from '../../../lib/secret-box.js';
import type { Db } from '../../../db/database.js';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import {
  findProviderToken,
  saveProviderToken,
} from '../../connections/provider-tokens.repository.js';
import { resealSecrets } from '../reseal-secrets.js';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const strayKey = randomBytes(32);

function sealLegacy(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.')}`;
}

async function sealedGithubToken(db: Db, userId: string): Promise<string> {
  const row = await findProviderToken(db, userId, 'github');
  if (!row) throw new Error('no GitHub token stored');
  return row.token_sealed;
}

const emulator = useEmulator({ repos: 5, richRepos: 1, projects: 0 });

describe.each(testDialects)('ENCRYPTION_KEY rotation on %s', (dialect) => {
  const t = useTestApp(dialect, {
    encryptionKey: newKey,
    previousEncryptionKeys: [oldKey],
    get github() {
      return emulator.githubConfig;
    },
  });

  it('serves tokens sealed under the previous key, then re-seals every value once', async () => {
    const session = await signInWithGithub(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(session) });
    const githubUserId = me.json<{ data: { user: { id: string } } }>().data.user.id;
    const githubToken = createSecretBox(newKey).open(
      await sealedGithubToken(t.app.db, githubUserId),
    );

    // The GitHub user's token as the old key sealed it, one legacy v1 value, one under a key
    // nobody configured, one already current.
    const legacy = await signUpAndLogIn(t.app);
    const stray = await signUpAndLogIn(t.app);
    const current = await signUpAndLogIn(t.app);
    const put = (userId: string, sealed: string) =>
      saveProviderToken(t.app.db, { userId, provider: 'github', sealed, scopes: ['repo'] });
    await put(githubUserId, createSecretBox(oldKey).seal(githubToken));
    await put(legacy.userId, sealLegacy(oldKey, 'gho_legacy'));
    await put(stray.userId, createSecretBox(strayKey).seal('gho_stray'));
    await put(current.userId, createSecretBox(newKey).seal('gho_current'));
    const strayBefore = await sealedGithubToken(t.app.db, stray.userId);
    const currentBefore = await sealedGithubToken(t.app.db, current.userId);

    // The running app opens the old key's value: GitHub answers with the decrypted token.
    const repos = await t.app.inject({
      method: 'GET',
      url: '/api/github/repos',
      headers: bearer(session),
    });
    expect(repos.statusCode).toBe(200);

    const box = createSecretBox(newKey, [oldKey]);
    const first = await resealSecrets(t.app.db, box, keyIdOf(newKey));
    expect(first.resealed).toBe(2);
    expect(first.failed).toEqual([
      { table: 'provider_tokens', row: { user_id: stray.userId, provider: 'github' } },
    ]);

    const onlyNewKey = createSecretBox(newKey);
    const afterGithub = await sealedGithubToken(t.app.db, githubUserId);
    expect(sealedKeyId(afterGithub)).toBe(keyIdOf(newKey));
    expect(onlyNewKey.open(afterGithub)).toBe(githubToken);
    expect(onlyNewKey.open(await sealedGithubToken(t.app.db, legacy.userId))).toBe('gho_legacy');
    expect(await sealedGithubToken(t.app.db, stray.userId)).toBe(strayBefore);
    expect(await sealedGithubToken(t.app.db, current.userId)).toBe(currentBefore);

    const second = await resealSecrets(t.app.db, box, keyIdOf(newKey));
    expect(second.resealed).toBe(0);
    expect(await sealedGithubToken(t.app.db, githubUserId)).toBe(afterGithub);
  });
});

describe('npm run rotate-key', () => {
  it('re-seals a SQLite database under ENCRYPTION_KEY and exits 0, then finds nothing to do', async () => {
    const filename = join(mkdtempSync(join(tmpdir(), 'shipdeck-rotate-')), 'shipdeck.db');
    const database = createDatabase({ dialect: 'sqlite', filename });
    await migrateToLatest(database.db);
    await database.db
      .insertInto('users')
      .values({
        id: 'u1',
        username: 'rotator',
        email: 'rotator@example.com',
        password_hash: null,
        display_name: 'Rotator',
        avatar_url: null,
        github_id: null,
        github_login: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        last_login_at: null,
      })
      .execute();
    await saveProviderToken(database.db, {
      userId: 'u1',
      provider: 'github',
      sealed: createSecretBox(oldKey).seal('gho_rotate_me'),
      scopes: [],
    });
    await database.destroy();

    const script = fileURLToPath(new URL('../../../rotate-key.ts', import.meta.url));
    const run = () =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--conditions=@shipdeck/source', script],
        {
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: filename,
            ENCRYPTION_KEY: newKey.toString('hex'),
            ENCRYPTION_KEY_PREVIOUS: `${strayKey.toString('base64')}, ${oldKey.toString('hex')}`,
          },
        },
      );
    expect((await run()).stdout).toContain(`Re-sealed 1 value(s) under key ${keyIdOf(newKey)}`);
    expect((await run()).stdout).toContain('Re-sealed 0 value(s)');

    const reopened = createDatabase({ dialect: 'sqlite', filename });
    const sealed = await sealedGithubToken(reopened.db, 'u1');
    await reopened.destroy();
    expect(createSecretBox(newKey).open(sealed)).toBe('gho_rotate_me');
  }, 30_000);
});
