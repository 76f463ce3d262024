import { describe, expect, it } from 'vitest';
import { bearer, logIn, signUpAndLogIn, useTwoPostgresInstances } from '../../../test-app.js';
import { openEventStream } from '../../events/__tests__/sse-client.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

// Two instances over one schema, as behind a load balancer: an admin disables a member on one,
// while the member's tab talks to the other, whose session cache already knows the member.
describe.runIf(postgresUrl)('disabling an account across two instances over one PostgreSQL', () => {
  const instances = useTwoPostgresInstances();

  it('answers 401 on the other instance at the next request, and closes its event stream', async () => {
    const [adminSide, memberSide] = instances.apps;
    const owner = await signUpAndLogIn(adminSide);
    const member = await signUpAndLogIn(adminSide);
    const session = await logIn(memberSide, member.account);
    // Cached on the member's instance: only the change notice can make it forget.
    for (let index = 0; index < 3; index += 1) {
      const me = await memberSide.inject({
        method: 'GET',
        url: '/auth/me',
        headers: bearer(session.token),
      });
      expect(me.statusCode).toBe(200);
    }
    const baseUrl = await memberSide.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(memberSide, baseUrl, session.token);

    const disabled = await adminSide.inject({
      method: 'PATCH',
      url: `/api/admin/users/${member.userId}`,
      headers: bearer(owner.token),
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);

    const after = await memberSide.inject({
      method: 'GET',
      url: '/auth/me',
      headers: bearer(session.token),
    });
    expect(after.statusCode).toBe(401);
    expect((await stream.next()).event).toBe('session.revoked');
    stream.close();
  });
});
