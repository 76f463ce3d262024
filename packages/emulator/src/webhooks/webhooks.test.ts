import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhooks } from '@octokit/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import { arr, githubGet, obj, startTestEmulator, vercelGet } from '../testing/test-emulator.js';
import { componentValidator, schemaErrors } from '../testing/test-openapi.js';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const GITHUB_SECRET = 'gh-secret-✓';
const VERCEL_SECRET = 'vercel-secret';
let receiver: Server;
const received: Received[] = [];
let emulator: EmulatorHandle;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers[name] = value;
      received.push({ path: req.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  emulator = await startTestEmulator({
    webhooks: {
      github: [{ url: `${base}/github`, secret: GITHUB_SECRET }],
      vercel: [{ url: `${base}/vercel`, secret: VERCEL_SECRET }],
    },
  });
});

afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

function github(): Received[] {
  return received.filter((r) => r.path === '/github');
}

function vercel(): Received[] {
  return received.filter((r) => r.path === '/vercel');
}

/** The x-webhooks schema GitHub publishes for an event and action. */
function webhookSchema(event: string, payload: Record<string, unknown>): string {
  const action = typeof payload.action === 'string' ? `-${payload.action}` : '';
  return `webhook-${event.replace(/_/g, '-')}${action}`;
}

describe('webhooks for live activity', () => {
  it('signs every GitHub delivery (verified by @octokit/webhooks) and matches the published payload schemas', async () => {
    for (const kind of [
      'push',
      'pull_request.opened',
      'pull_request.merged',
      'deployment',
    ] as const) {
      const result = await emulator.triggerActivity({
        kind,
        repo: 'octocat/shipdeck',
        outcome: 'READY',
      });
      expect(result.webhooks.every((d) => d.status === 204)).toBe(true);
    }
    const deliveries = github();
    const events = new Set(deliveries.map((d) => d.headers['x-github-event']));
    expect([...events].sort()).toEqual(['deployment_status', 'pull_request', 'push']);
    const verifier = new Webhooks({ secret: GITHUB_SECRET });
    const impostor = new Webhooks({ secret: 'wrong' });
    for (const delivery of deliveries) {
      const signature = delivery.headers['x-hub-signature-256'] ?? '';
      expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(await verifier.verify(delivery.body, signature)).toBe(true);
      expect(await impostor.verify(delivery.body, signature)).toBe(false);
      expect(delivery.headers['x-github-delivery']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      expect(delivery.headers['user-agent']).toMatch(/^GitHub-Hookshot\//);
      expect(delivery.headers['x-github-hook-installation-target-type']).toBe('repository');
      const payload = obj(JSON.parse(delivery.body));
      const schema = webhookSchema(delivery.headers['x-github-event'] ?? '', payload);
      expect(schemaErrors(componentValidator(schema), payload), schema).toEqual([]);
    }
    expect(new Set(deliveries.map((d) => d.headers['x-github-delivery'])).size).toBe(
      deliveries.length,
    );
    const push = obj(
      JSON.parse(deliveries.find((d) => d.headers['x-github-event'] === 'push')?.body ?? '{}'),
    );
    expect(typeof obj(push.repository).created_at).toBe('number');
    expect(typeof obj(push.repository).pushed_at).toBe('number');
  });

  it('signs Vercel deliveries with hex HMAC-SHA1 and walks deployments created → succeeded', async () => {
    const before = vercel().length;
    const result = await emulator.triggerActivity({
      kind: 'push',
      repo: 'octocat/shipdeck',
      outcome: 'ERROR',
    });
    const mine = vercel().slice(before);
    for (const delivery of mine) {
      const expected = createHmac('sha1', VERCEL_SECRET).update(delivery.body).digest('hex');
      expect(delivery.headers['x-vercel-signature']).toBe(expected);
    }
    const envelopes = mine.map((d) => obj(JSON.parse(d.body)));
    expect(envelopes.map((e) => e.type)).toEqual(['deployment.created', 'deployment.error']);
    for (const envelope of envelopes) {
      expect(Object.keys(envelope).sort()).toEqual([
        'createdAt',
        'id',
        'payload',
        'region',
        'type',
      ]);
      const payload = obj(envelope.payload);
      expect(obj(obj(payload.deployment).meta).githubCommitSha).toBe(result.commitSha);
      expect(obj(payload.deployment).id).toBe(result.deploymentId);
    }
    expect(obj(envelopes[0]?.payload)).toHaveProperty('alias');
    expect(obj(envelopes[1]?.payload)).not.toHaveProperty('alias');
  });

  it('changes are visible through both APIs afterwards', async () => {
    const result = await emulator.triggerActivity({
      kind: 'pull_request.opened',
      repo: 'octocat/shipdeck',
      outcome: 'READY',
    });
    const pull = obj(
      (await githubGet(emulator, `/repos/octocat/shipdeck/pulls/${result.pullNumber ?? 0}`)).json,
    );
    expect(obj(pull.head).sha).toBe(result.commitSha);
    const deployment = obj(
      (await vercelGet(emulator, `/v13/deployments/${result.deploymentId ?? ''}`)).json,
    );
    expect(deployment.readyState).toBe('READY');
    expect(obj(deployment.meta).githubPrId).toBe(String(result.pullNumber));
    const ghDeployments = arr(
      (
        await githubGet(
          emulator,
          `/repos/octocat/shipdeck/deployments?sha=${result.commitSha ?? ''}`,
        )
      ).json,
    );
    const statuses = arr(
      (
        await githubGet(
          emulator,
          `/repos/octocat/shipdeck/deployments/${String(obj(ghDeployments[0]).id)}/statuses`,
        )
      ).json,
    );
    expect(statuses.map((s) => obj(s).state)).toEqual(['success', 'in_progress', 'pending']);
    const combined = obj(
      (
        await githubGet(
          emulator,
          `/repos/octocat/shipdeck/commits/${result.commitSha ?? ''}/status`,
        )
      ).json,
    );
    expect(
      arr(combined.statuses).some(
        (s) => String(obj(s).context).startsWith('Vercel') && obj(s).state === 'success',
      ),
    ).toBe(true);
  });

  it('runs on a timer when live activity is started, and finishes in-flight generated deployments', async () => {
    const before = received.length;
    emulator.startActivity(60);
    await new Promise((resolve) => setTimeout(resolve, 400));
    emulator.stopActivity();
    await emulator.close();
    expect(received.length).toBeGreaterThan(before);
    const stuck = emulator.world.vercel.deployments.filter(
      (d) => d.state === 'BUILDING' || d.state === 'QUEUED',
    );
    expect(stuck).toEqual([]);
  });
});
