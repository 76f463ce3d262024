import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import { startEmulator } from '../start-emulator.js';

describe('admin API behind a key', () => {
  let emulator: EmulatorHandle;
  const adminKey = 'a-random-key-printed-at-start';

  beforeAll(async () => {
    emulator = await startEmulator({ repos: 3, richRepos: 1, projects: 1, adminKey });
  });
  afterAll(() => emulator.close());

  it('refuses the token list without the key, or with a wrong one', async () => {
    const bare = await fetch(`${emulator.adminUrl}/accounts`);
    expect(bare.status).toBe(401);
    expect(await bare.text()).not.toContain('ghp_');
    const wrong = await fetch(`${emulator.adminUrl}/accounts`, {
      headers: { 'x-emulator-key': 'a-random-key-printed-at-stark' },
    });
    expect(wrong.status).toBe(401);
    const faults = await fetch(`${emulator.adminUrl}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ area: 'github', errorRate: 1 }),
    });
    expect(faults.status).toBe(401);
    expect(emulator.faults.list()).toEqual([]);
  });

  it('answers with the key', async () => {
    const accounts = await fetch(`${emulator.adminUrl}/accounts`, {
      headers: { 'x-emulator-key': adminKey },
    });
    expect(accounts.status).toBe(200);
    expect(await accounts.text()).toContain('ghp_emu_octocat');
  });

  it('keeps the identicons behind avatar_url public for the browser', async () => {
    const avatar = await fetch(`${emulator.adminUrl}/avatars/1.svg`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
  });
});
