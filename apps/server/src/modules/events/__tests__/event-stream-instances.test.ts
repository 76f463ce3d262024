import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, useTwoPostgresInstances } from '../../../test-app.js';
import { announceEvent } from '../../notifications/notify.js';
import { openEventStream } from './sse-client.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

// Two instances in one process, each with its own pool and its own LISTEN connection, over one
// schema: exactly what two processes behind a load balancer share.
describe.runIf(postgresUrl)('events across two instances over one PostgreSQL', () => {
  const instances = useTwoPostgresInstances();

  it('delivers an event produced on one instance to a browser connected to the other', async () => {
    const [producer, consumer] = instances.apps;
    const baseUrl = await consumer.listen({ port: 0, host: '127.0.0.1' });
    const me = await signUpAndLogIn(producer);
    const stream = await openEventStream(consumer, baseUrl, me.token);
    const eventId = await announceEvent(producer, me.userId, {
      type: 'data.changed',
      resources: ['pull-requests'],
      repository: 'acme/web',
    });
    const message = await stream.next();
    stream.close();
    expect(message.id).toBe(String(eventId));
    expect(JSON.parse(message.data)).toMatchObject({ repository: 'acme/web' });
  });

  // What lets an instance trust its session cache: a change committed on one instance has reached
  // the other's listeners once the other has caught up, however busy its connection is.
  it('catches up with every account change the other instance committed before it asked', async () => {
    const [writer, reader] = instances.apps;
    const heard: Array<string | null> = [];
    const stop = reader.liveEvents.subscribeAccountChanges((userId) => heard.push(userId));
    try {
      for (let round = 0; round < 10; round += 1) {
        const me = await signUpAndLogIn(writer);
        heard.length = 0;
        const logout = await writer.inject({
          method: 'POST',
          url: '/auth/logout',
          headers: bearer(me.token),
        });
        expect(logout.statusCode).toBeLessThan(300);
        expect(await reader.liveEvents.catchUp()).toBe(true);
        expect(heard).toContain(me.userId);
        const refused = await reader.inject({
          method: 'GET',
          url: '/auth/me',
          headers: bearer(me.token),
        });
        expect(refused.statusCode).toBe(401);
      }
    } finally {
      stop();
    }
  });
});
