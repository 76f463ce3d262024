import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverEntry, startServer } from './support/start-server.js';

describe('the server process', () => {
  it('stops cleanly on SIGTERM, finishing with exit code 0', async () => {
    const server = await startServer();
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await server.stop()).toBe(0);
  });

  it('refuses a bad setting with a message naming it, and exits 1', () => {
    const result = spawnSync(process.execPath, [serverEntry], {
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://db/shipdeck' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/PORT:/);
    expect(result.stderr).toMatch(
      /DATABASE_URL: must be a SQLite file path or a postgres:\/\/ URL/,
    );
  });
});
