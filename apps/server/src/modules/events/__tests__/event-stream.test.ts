import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { announceEvent } from '../../notifications/notify.js';
import { openEventStream } from './sse-client.js';

describe.each(testDialects)('GET /api/events on %s', (dialect) => {
  const t = useTestApp(dialect);
  let baseUrl = '';

  it('listens', async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('pushes the user’s own events with ascending ids, and none of anyone else’s', async () => {
    const me = await signUpAndLogIn(t.app);
    const other = await signUpAndLogIn(t.app);
    const stream = await openEventStream(t.app, baseUrl, me.token);
    await announceEvent(t.app, other.userId, { type: 'data.changed', resources: ['stats'] });
    const first = await announceEvent(t.app, me.userId, {
      type: 'data.changed',
      resources: ['repositories'],
    });
    const second = await announceEvent(t.app, me.userId, {
      type: 'sync.progress',
      provider: 'github',
      phase: 'repositories',
      done: 1,
      total: 2,
    });
    const a = await stream.next();
    const b = await stream.next();
    stream.close();
    expect([a.id, a.event, JSON.parse(a.data)]).toEqual([
      String(first),
      'data.changed',
      { type: 'data.changed', resources: ['repositories'] },
    ]);
    expect([b.id, b.event]).toEqual([String(second), 'sync.progress']);
    expect(stream.messages).toHaveLength(2);
  });

  it('replays what was missed after Last-Event-ID', async () => {
    const me = await signUpAndLogIn(t.app);
    const seen = await announceEvent(t.app, me.userId, {
      type: 'data.changed',
      resources: ['commits'],
    });
    const missed = await announceEvent(t.app, me.userId, {
      type: 'data.changed',
      resources: ['deployments'],
    });
    const stream = await openEventStream(t.app, baseUrl, me.token, {
      'last-event-id': String(seen),
    });
    const replayed = await stream.next();
    stream.close();
    expect(replayed.id).toBe(String(missed));
  });

  it('refuses a missing, unknown or reused ticket, and a ticket without a session', async () => {
    const me = await signUpAndLogIn(t.app);
    const noTicket = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(noTicket.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/events?ticket=nope' });
    expect(unknown.statusCode).toBe(401);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/events/ticket',
      headers: bearer(me.token),
    });
    const { ticket } = issued.json<{ data: { ticket: string } }>().data;
    const controller = new AbortController();
    const firstUse = await fetch(`${baseUrl}/api/events?ticket=${ticket}`, {
      signal: controller.signal,
    });
    expect(firstUse.status).toBe(200);
    expect(firstUse.headers.get('content-type')).toContain('text/event-stream');
    controller.abort();
    const reuse = await t.app.inject({ method: 'GET', url: `/api/events?ticket=${ticket}` });
    expect(reuse.statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/events/ticket' });
    expect(anonymous.statusCode).toBe(401);
  });
});
