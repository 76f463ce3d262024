import { describe, expect, it } from 'vitest';
import { errorMessages } from '@shipdeck/shared/messages';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/database.js';
import { testConfig } from '../test-app.js';

describe('error handler', () => {
  it('hides the message of an unexpected failure behind the spec text', async () => {
    const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
    const app = await buildApp({ config: testConfig(), database });
    app.get('/api/boom', () => {
      throw new Error('secret internals: connection string postgres://user:pw@host');
    });
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      message: errorMessages.server,
      code: 'INTERNAL_ERROR',
    });
    await app.close();
    await database.destroy();
  });
});
