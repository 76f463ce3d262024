import { describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../../../test-app.js';
import {
  githubHeaders,
  githubPayloads,
  githubSecret,
  vercelDelivery,
  vercelHeaders,
  vercelSecret,
} from './webhook-fixtures.js';

const PER_MINUTE = 3;

describe.each(testDialects)('webhook rate limit on %s', (dialect) => {
  const t = useTestApp(dialect, {
    webhooks: { githubSecret, vercelSecret, perMinute: PER_MINUTE },
  });

  async function deliveryCount() {
    const row = await t.database.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  function github(remoteAddress: string) {
    const { event, body } = githubPayloads.push('limited');
    const payload = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/webhooks/github',
      payload,
      headers: githubHeaders(event, payload),
      remoteAddress,
    });
  }

  function vercel(remoteAddress: string) {
    const payload = JSON.stringify(vercelDelivery('deployment.created', 'limited'));
    return t.app.inject({
      method: 'POST',
      url: '/webhooks/vercel',
      payload,
      headers: vercelHeaders(payload),
      remoteAddress,
    });
  }

  it('answers 429 past the limit per sender and route, storing nothing more', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i += 1) statuses.push((await github('10.0.0.1')).statusCode);
    expect(statuses).toEqual([...Array.from({ length: PER_MINUTE }, () => 202), 429]);
    expect(await deliveryCount()).toBe(PER_MINUTE);

    // Another sender, and the other provider's route, have their own count.
    expect((await github('10.0.0.2')).statusCode).toBe(202);
    expect((await vercel('10.0.0.1')).statusCode).toBe(202);
    expect(await deliveryCount()).toBe(PER_MINUTE + 2);
  });
});
