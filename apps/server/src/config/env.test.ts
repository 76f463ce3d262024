import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const key = 'a'.repeat(64);

describe('loadConfig', () => {
  it('gives working defaults for `npm start` with nothing set: SQLite and demo mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      database: { dialect: 'sqlite', filename: './data/shipdeck.db' },
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      github: { apiUrl: 'https://api.github.com', webUrl: 'https://github.com', oauth: null },
      demoMode: true,
      encryptionKey: null,
    });
  });

  it('keeps sign-ups open in demo mode and invite-only otherwise, unless SIGNUPS says', () => {
    expect(loadConfig({}).signups).toEqual({ mode: 'open', emailDomains: [] });
    expect(loadConfig({ DEMO_MODE: 'false' }).signups.mode).toBe('invite');
    expect(loadConfig({ DEMO_MODE: 'false', SIGNUPS: 'closed' }).signups.mode).toBe('closed');
    expect(loadConfig({ DEMO_MODE: 'true', SIGNUPS: 'invite' }).signups.mode).toBe('invite');
    // compose passes `${SIGNUPS:-}`: empty is unset.
    expect(
      loadConfig({ DEMO_MODE: 'false', SIGNUPS: '', SIGNUP_EMAIL_DOMAINS: '' }).signups,
    ).toEqual({
      mode: 'invite',
      emailDomains: [],
    });
    expect(
      loadConfig({ SIGNUP_EMAIL_DOMAINS: ' Example.com, @team.example.org ,' }).signups
        .emailDomains,
    ).toEqual(['example.com', 'team.example.org']);
  });

  it('refuses an unknown sign-up mode or a malformed domain, naming the setting', () => {
    expect(() => loadConfig({ SIGNUPS: 'everyone' })).toThrow(/SIGNUPS/);
    expect(() => loadConfig({ SIGNUP_EMAIL_DOMAINS: 'example.com,not a domain' })).toThrow(
      /SIGNUP_EMAIL_DOMAINS: must be a comma-separated list of domains/,
    );
  });

  it('derives the public address from the port unless it is set', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://deck.example.com/' }).publicUrl).toBe(
      'https://deck.example.com',
    );
  });

  it('switches to PostgreSQL for a postgres URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db.internal:5432/shipdeck',
      ENCRYPTION_KEY: key,
    });
    expect(config.database).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://app@db.internal:5432/shipdeck',
    });
    expect(config.encryptionKey?.length).toBe(32);
  });

  it('requires a shared encryption key with PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://app@db/shipdeck' })).toThrow(
      /ENCRYPTION_KEY is required with PostgreSQL/,
    );
  });

  it('turns demo mode off once real GitHub credentials are set', () => {
    const config = loadConfig({
      GITHUB_CLIENT_ID: 'Iv1.abc',
      GITHUB_CLIENT_SECRET: 'shh',
      GITHUB_API_URL: 'https://ghe.example.com/api/v3/',
      GITHUB_WEB_URL: 'https://ghe.example.com',
    });
    expect(config.demoMode).toBe(false);
    expect(config.github).toEqual({
      apiUrl: 'https://ghe.example.com/api/v3',
      webUrl: 'https://ghe.example.com',
      oauth: { clientId: 'Iv1.abc', clientSecret: 'shh' },
    });
  });

  it('keeps GitHub by token without an OAuth app once demo mode is turned off', () => {
    const config = loadConfig({
      DEMO_MODE: 'false',
      GITHUB_API_URL: 'https://ghe.example.com/api/v3',
      GITHUB_WEB_URL: 'https://ghe.example.com/',
    });
    expect(config.demoMode).toBe(false);
    expect(config.github).toEqual({
      apiUrl: 'https://ghe.example.com/api/v3',
      webUrl: 'https://ghe.example.com',
      oauth: null,
    });
  });

  it('stays in demo mode by default only while no OAuth app is given', () => {
    expect(loadConfig({}).demoMode).toBe(true);
    expect(loadConfig({ DEMO_MODE: 'false' }).demoMode).toBe(false);
  });

  it('refuses half a GitHub OAuth app', () => {
    expect(() => loadConfig({ GITHUB_CLIENT_ID: 'Iv1.abc' })).toThrow(/must be set together/);
  });

  it('accepts base64 and hex keys and refuses short ones', () => {
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ENCRYPTION_KEY: base64 }).encryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ ENCRYPTION_KEY: 'short' })).toThrow(
      /ENCRYPTION_KEY: must be 32 bytes/,
    );
  });

  it('reads previous keys for rotation, comma-separated, and refuses a bad one', () => {
    const previous = `${'b'.repeat(64)}, ${Buffer.alloc(32, 9).toString('base64')}`;
    expect(loadConfig({ ENCRYPTION_KEY_PREVIOUS: previous }).previousEncryptionKeys).toEqual([
      Buffer.alloc(32, 0xbb),
      Buffer.alloc(32, 9),
    ]);
    expect(loadConfig({}).previousEncryptionKeys).toEqual([]);
    expect(() => loadConfig({ ENCRYPTION_KEY_PREVIOUS: `${'b'.repeat(64)},short` })).toThrow(
      /ENCRYPTION_KEY_PREVIOUS: must be comma-separated/,
    );
  });

  it('lists every bad value in one readable error', () => {
    const load = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', TRUST_PROXY: 'maybe' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /PORT:.*\n.*DATABASE_URL: must be a SQLite file path or a postgres:\/\/ URL\n.*TRUST_PROXY/s,
    );
  });
});
