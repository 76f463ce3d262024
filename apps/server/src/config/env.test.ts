import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('gives working defaults for `npm start` with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      database: { dialect: 'sqlite', filename: './data/shipdeck.db' },
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
    });
  });

  it('switches to PostgreSQL for a postgres URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db.internal:5432/shipdeck' });
    expect(config.database).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://app@db.internal:5432/shipdeck',
    });
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
