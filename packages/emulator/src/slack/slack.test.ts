import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import { admin, arr, obj, startTestEmulator } from '../testing/test-emulator.js';

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('the Slack incoming-webhook receiver', () => {
  it('answers 200 ok and records text and blocks per webhook', async () => {
    const url = emulator.newSlackWebhookUrl();
    const other = emulator.newSlackWebhookUrl();
    const blocks = [{ type: 'header', text: { type: 'plain_text', text: 'Hi' } }];
    const answer = await post(url, { text: 'Hello', blocks });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('ok');
    await post(other, { text: 'Elsewhere' });

    const path = new URL(url).pathname.replace('/_emulator/slack', '');
    const listed = await admin(
      emulator,
      'GET',
      `/slack/messages?webhookPath=${encodeURIComponent(path)}`,
    );
    const messages = arr(listed.json).map(obj);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ webhookPath: path, text: 'Hello', blocks });
    expect(emulator.slack.list()).toHaveLength(2);
  });

  it('mints webhook URLs through the admin API, and forgets what it was sent on DELETE', async () => {
    const minted = await admin(emulator, 'POST', '/slack/webhooks');
    expect(minted.status).toBe(201);
    const url = String(obj(minted.json).url);
    expect(url).toMatch(/\/_emulator\/slack\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{24}$/);
    expect((await post(url, { text: 'Minted' })).status).toBe(200);
    expect((await admin(emulator, 'DELETE', '/slack/messages')).status).toBe(204);
    expect(arr((await admin(emulator, 'GET', '/slack/messages')).json)).toEqual([]);
  });

  it("refuses what Slack refuses, with Slack's plain-text bodies", async () => {
    const url = emulator.newSlackWebhookUrl();
    const notJson = await post(url, 'not json');
    expect([notJson.status, await notJson.text()]).toEqual([400, 'invalid_payload']);
    const empty = await post(url, {});
    expect([empty.status, await empty.text()]).toEqual([400, 'no_text']);
    const unknown = await post(`${emulator.url}/_emulator/slack/services/nope`, { text: 'x' });
    expect([unknown.status, await unknown.text()]).toEqual([404, 'no_service']);
    expect(emulator.slack.list(new URL(url).pathname.replace('/_emulator/slack', ''))).toEqual([]);
  });

  it.each([
    [404, 'channel_not_found'],
    [410, 'channel_is_archived'],
    [403, 'action_prohibited'],
    [500, 'rollup_error'],
  ])('answers an injected %i with %s and records nothing', async (status, body) => {
    const url = emulator.newSlackWebhookUrl();
    const fault = await admin(emulator, 'POST', '/faults', {
      area: 'slack',
      errorRate: 1,
      errorStatus: status,
      times: 1,
    });
    expect(fault.status).toBe(201);
    const refused = await post(url, { text: 'Hello' });
    expect([refused.status, await refused.text()]).toEqual([status, body]);
    // `times: 1`: the next one goes through.
    const accepted = await post(url, { text: 'Hello' });
    expect(accepted.status).toBe(200);
    expect(emulator.slack.list(new URL(url).pathname.replace('/_emulator/slack', ''))).toHaveLength(
      1,
    );
  });

  it('answers an injected 429 with rate_limited and the rule’s Retry-After', async () => {
    const url = emulator.newSlackWebhookUrl();
    await admin(emulator, 'POST', '/faults', {
      area: 'slack',
      errorRate: 1,
      errorStatus: 429,
      retryAfterSeconds: 7,
      times: 1,
    });
    const limited = await post(url, { text: 'Hello' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.text()).toBe('rate_limited');
  });

  it('takes no admin key: the webhook URL is the secret', async () => {
    const keyed = await startTestEmulator({ adminKey: 'k'.repeat(24) });
    try {
      const answer = await post(keyed.newSlackWebhookUrl(), { text: 'Hello' });
      expect(answer.status).toBe(200);
      const listed = await fetch(`${keyed.adminUrl}/slack/messages`);
      expect(listed.status).toBe(401);
    } finally {
      await keyed.close();
    }
  });
});
