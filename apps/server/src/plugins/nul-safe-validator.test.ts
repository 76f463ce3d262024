import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../test-app.js';

describe.each(testDialects)('NUL characters in input on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('answers 400 naming the field, in a path parameter, a query or a body', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const cases = [
      { method: 'POST', url: '/api/notifications/%00/read', field: 'params.id' },
      { method: 'GET', url: '/api/vercel/deployments?search=a%00b', field: 'query.search' },
      {
        method: 'PUT',
        url: '/auth/profile',
        payload: { displayName: 'Ada\u0000', email: 'ada@example.com' },
        field: 'body.displayName',
      },
    ] as const;
    for (const { field, ...request } of cases) {
      const answer = await t.app.inject({ ...request, headers: bearer(token) });
      expect(answer.statusCode, request.url).toBe(400);
      expect(answer.json(), request.url).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        errors: [{ field, message: 'must not contain a NUL character' }],
      });
    }
    // Ordinary input still passes through the same validator.
    const fine = await t.app.inject({
      method: 'GET',
      url: '/api/vercel/deployments?search=ab',
      headers: bearer(token),
    });
    expect(fine.statusCode).toBe(200);
  });

  it('looks through a body nested 100,000 deep without overflowing the stack', async () => {
    const depth = 100_000;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    });
    expect(answer.statusCode).toBe(400);
  });
});
