import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { dedupeKeys } from '../../notifications/dedupe-keys.js';
import { notify } from '../../notifications/notify.js';
import { storePullRequest, storeRepository } from '../../github-store/__tests__/store-fixtures.js';
import {
  githubHeaders,
  githubPayloads,
  githubSecret,
  vercelDelivery,
  vercelHeaders,
  vercelSecret,
} from './webhook-fixtures.js';
import {
  deliverGithubWebhook,
  deliverVercelWebhook,
  signUpAsGithubUser,
} from '../../../test-webhooks.js';

describe.each(testDialects)('webhooks on %s', (dialect) => {
  const t = useTestApp(dialect, {
    webhooks: { githubSecret, vercelSecret, perMinute: 10_000 },
  });

  async function deliveryCount() {
    const row = await t.database.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async function notificationTypes(token: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(token),
    });
    return response
      .json<{ data: { notifications: { type: string }[] } }>()
      .data.notifications.map((n) => n.type);
  }

  it('accepts a signed GitHub delivery once and acknowledges its redelivery', async () => {
    const before = await deliveryCount();
    const { event, body } = githubPayloads.push('hooks-a');
    const payload = JSON.stringify(body);
    const headers = githubHeaders(event, payload);
    const first = await deliverGithubWebhook(t.app, event, body, headers);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ success: true, data: { received: true, duplicate: false } });
    const again = await deliverGithubWebhook(t.app, event, body, headers);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ data: { duplicate: true } });
    expect(await deliveryCount()).toBe(before + 1);
  });

  it('rejects a missing or wrong GitHub signature and a malformed body, storing nothing', async () => {
    const before = await deliveryCount();
    const { event, body } = githubPayloads.push('hooks-b');
    const payload = JSON.stringify(body);
    const unsigned = { ...githubHeaders(event, payload) } as Record<string, string>;
    delete unsigned['x-hub-signature-256'];
    expect((await deliverGithubWebhook(t.app, event, body, unsigned)).statusCode).toBe(401);
    const wrong = githubHeaders(event, payload, 'another-secret');
    expect((await deliverGithubWebhook(t.app, event, body, wrong)).statusCode).toBe(401);
    const tampered = githubHeaders(event, payload);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/webhooks/github',
      payload: payload.replace('hooks-b', 'hooks-c'),
      headers: tampered,
    });
    expect(changed.statusCode).toBe(401);
    const malformed = '{"ref": "refs/heads/main"';
    const bad = await t.app.inject({
      method: 'POST',
      url: '/webhooks/github',
      payload: malformed,
      headers: githubHeaders('push', malformed),
    });
    expect(bad.statusCode).toBe(400);
    expect(await deliveryCount()).toBe(before);
  });

  it('refuses a body over 25 MB', async () => {
    const huge = JSON.stringify({ padding: 'x'.repeat(25 * 1024 * 1024 + 10) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhooks/github',
      payload: huge,
      headers: githubHeaders('push', huge),
    });
    expect(response.statusCode).toBe(413);
  });

  it('verifies Vercel signatures, rejects a malformed envelope and dedupes by envelope id', async () => {
    const before = await deliveryCount();
    const delivery = vercelDelivery('deployment.created', 'hooks-d');
    const payload = JSON.stringify(delivery);
    expect(
      (await deliverVercelWebhook(t.app, delivery, vercelHeaders(payload, 'wrong'))).statusCode,
    ).toBe(401);
    expect(
      (await deliverVercelWebhook(t.app, delivery, { 'content-type': 'application/json' }))
        .statusCode,
    ).toBe(401);
    const noId = JSON.stringify({ type: 'deployment.created', payload: {} });
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/webhooks/vercel',
      payload: noId,
      headers: vercelHeaders(noId),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ message: string }>().message).toContain('id');
    expect(await deliveryCount()).toBe(before);
    expect((await deliverVercelWebhook(t.app, delivery)).statusCode).toBe(202);
    expect((await deliverVercelWebhook(t.app, delivery)).json()).toMatchObject({
      data: { duplicate: true },
    });
    expect(await deliveryCount()).toBe(before + 1);
  });

  it('creates each GitHub notification type once, however often it is observed', async () => {
    const owner = await signUpAsGithubUser(t, 'hooks-owner');
    const reviewer = await signUpAsGithubUser(t, 'hooks-reviewer');
    // Checks failing notify the pull request's author, whom the synced store names.
    await storeRepository(t.database.db, owner.userId, {
      id: 4242,
      owner: 'hooks-owner',
      name: 'web',
    });
    await storePullRequest(t.database.db, {
      id: 424_207,
      repository_id: 4242,
      number: 7,
      author_login: 'hooks-owner',
    });
    const deliveries = [
      githubPayloads.merged('hooks-owner'),
      githubPayloads.review('hooks-owner', 'approved'),
      githubPayloads.review('hooks-owner', 'changes_requested'),
      githubPayloads.checkRunFailed('hooks-owner'),
      githubPayloads.push('hooks-owner'),
      githubPayloads.reviewRequested('hooks-owner', 'hooks-reviewer'),
    ];
    // Each delivered twice under fresh delivery ids: GitHub sends one event per hook.
    for (const { event, body } of [...deliveries, ...deliveries]) {
      expect((await deliverGithubWebhook(t.app, event, body)).statusCode).toBe(202);
    }
    // A sync that sees the same merge builds the same key and so creates nothing new.
    const ownerRow = { id: owner.userId };
    expect(
      await notify(t.app, ownerRow.id, {
        type: 'pull-request-merged',
        title: 'Merged',
        message: 'seen by a sync',
        severity: 'medium',
        link: null,
        dedupeKey: dedupeKeys.pullRequestMerged(4242, 7),
      }),
    ).toBe(false);
    expect((await notificationTypes(owner.token)).sort()).toEqual([
      'changes-requested',
      'checks-failed',
      'commits-pushed',
      'pull-request-approved',
      'pull-request-merged',
    ]);
    expect(await notificationTypes(reviewer.token)).toEqual(['review-requested']);
  }, 30_000);

  it('tells the author of the pull request, not the repository owner, that its checks failed', async () => {
    const owner = await signUpAsGithubUser(t, 'checks-owner');
    const author = await signUpAsGithubUser(t, 'checks-author');
    await storeRepository(t.database.db, owner.userId, {
      id: 5151,
      owner: 'checks-owner',
      name: 'web',
    });
    await storePullRequest(t.database.db, {
      id: 515_101,
      repository_id: 5151,
      number: 7,
      author_login: 'Checks-Author',
      head_sha: 'abc123',
    });
    const { event, body } = githubPayloads.checkRunFailed('checks-owner');
    const delivery = { ...body, repository: { ...body.repository, id: 5151 } };
    expect((await deliverGithubWebhook(t.app, event, delivery)).statusCode).toBe(202);
    expect((await deliverGithubWebhook(t.app, event, delivery)).statusCode).toBe(202);
    expect(await notificationTypes(author.token)).toEqual(['checks-failed']);
    expect(await notificationTypes(owner.token)).toEqual([]);
  });

  it('notifies a failed deployment and a production deployment once each', async () => {
    const owner = await signUpAsGithubUser(t, 'hooks-vercel');
    for (const type of [
      'deployment.created',
      'deployment.succeeded',
      'deployment.promoted',
      'deployment.ready',
      'deployment.succeeded',
    ]) {
      expect(
        (await deliverVercelWebhook(t.app, vercelDelivery(type, 'hooks-vercel'))).statusCode,
      ).toBe(202);
    }
    const preview = vercelDelivery('deployment.succeeded', 'hooks-vercel', null);
    preview.payload.deployment.id = 'dpl_preview';
    await deliverVercelWebhook(t.app, preview);
    const failed = vercelDelivery('deployment.error', 'hooks-vercel');
    failed.payload.deployment.id = 'dpl_failed';
    await deliverVercelWebhook(t.app, failed);
    await deliverVercelWebhook(t.app, { ...failed, id: 'evt_again' });
    expect(
      await notify(t.app, owner.userId, {
        type: 'deployment-failed',
        title: 'Failed',
        message: 'seen by a sync',
        severity: 'critical',
        link: null,
        dedupeKey: dedupeKeys.deploymentFailed('dpl_failed'),
      }),
    ).toBe(false);
    expect((await notificationTypes(owner.token)).sort()).toEqual([
      'deployment-failed',
      'deployment-ready',
    ]);
    // The failed one opens that deployment's triage page.
    const stored = await t.database.db
      .selectFrom('notifications')
      .select('link')
      .where('user_id', '=', owner.userId)
      .where('type', '=', 'deployment-failed')
      .executeTakeFirstOrThrow();
    expect(stored.link).toBe('/deployments/dpl_failed');
  });

  it('pushes a data change for the repository to its owner', async () => {
    const owner = await signUpAsGithubUser(t, 'hooks-data');
    const { event, body } = githubPayloads.push('hooks-data');
    await deliverGithubWebhook(t.app, event, body);
    const events = await t.database.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('user_id', '=', owner.userId)
      .execute();
    expect(events.map((e) => JSON.parse(e.payload) as unknown)).toContainEqual({
      type: 'data.changed',
      resources: ['commits', 'repositories'],
      repository: 'hooks-data/web',
    });
  });
});
