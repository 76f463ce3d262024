import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import {
  admin,
  arr,
  githubGet,
  obj,
  startTestEmulator,
  vercelGet,
} from '../testing/test-emulator.js';
import { FaultInjector } from './fault-injector.js';

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

async function withFault<T>(rule: Record<string, unknown>, run: () => Promise<T>): Promise<T> {
  const created = await admin(emulator, 'POST', '/faults', rule);
  expect(created.status).toBe(201);
  try {
    return await run();
  } finally {
    await admin(emulator, 'DELETE', `/faults/${String(obj(created.json).id)}`);
  }
}

describe('fault injection', () => {
  it('adds latency to matching requests only', async () => {
    // The request log shows which rules applied; no wall-clock assertions here.
    await withFault(
      { id: 'slow-user', area: 'github', path: '/api/v3/user', latencyMs: 50 },
      async () => {
        await githubGet(emulator, '/user');
        await vercelGet(emulator, '/v2/user');
        const entries = emulator.requestLog.list().slice(-2);
        expect(entries[0]?.faults).toEqual(['slow-user']);
        expect(entries[1]?.faults).toEqual([]);
      },
    );
  });

  it("answers 5xx with each provider's own error body", async () => {
    await withFault({ errorRate: 1, errorStatus: 503 }, async () => {
      const github = await githubGet(emulator, '/user');
      expect(github.status).toBe(503);
      expect(obj(github.json)).toMatchObject({ message: 'Service Unavailable', status: '503' });
      const vercel = await vercelGet(emulator, '/v9/projects');
      expect(vercel.status).toBe(503);
      expect(obj(obj(vercel.json).error).code).toBe('service_unavailable');
    });
  });

  it('cuts JSON bodies short so they no longer parse', async () => {
    await withFault({ area: 'vercel', malformedRate: 1 }, async () => {
      const answer = await vercelGet(emulator, '/v6/deployments');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(() => JSON.parse(answer.text) as unknown).toThrow();
      expect(obj((await githubGet(emulator, '/user')).json).login).toBe('octocat');
    });
  });

  it('drops connections without an answer', async () => {
    await withFault(
      { method: 'GET', pathPattern: '^/api/v3/repos/[^/]+/[^/]+/pulls$', dropRate: 1 },
      async () => {
        await expect(githubGet(emulator, '/repos/octocat/shipdeck/pulls')).rejects.toThrow();
        expect((await githubGet(emulator, '/repos/octocat/shipdeck')).status).toBe(200);
      },
    );
  });

  it('rate-limits Vercel with 429 and a limit body', async () => {
    await withFault({ area: 'vercel', rateLimit: 'primary' }, async () => {
      const answer = await vercelGet(emulator, '/v2/user');
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('60');
      expect(obj(obj(answer.json).error)).toMatchObject({
        code: 'rate_limited',
        limit: { remaining: 0, total: 100 },
      });
    });
  });

  it('applies `times` then removes the rule; lists, validates and clears rules over the admin API', async () => {
    await admin(emulator, 'POST', '/faults', {
      id: 'twice',
      area: 'github',
      errorRate: 1,
      times: 2,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await githubGet(emulator, '/user')).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect(arr((await admin(emulator, 'GET', '/faults')).json)).toEqual([]);
    expect((await admin(emulator, 'POST', '/faults', { errorRate: 2 })).status).toBe(400);
    expect((await admin(emulator, 'POST', '/faults', { pathPattern: '(' })).status).toBe(400);
    await admin(emulator, 'POST', '/faults', { latencyMs: 1 });
    expect((await admin(emulator, 'DELETE', '/faults')).status).toBe(204);
    expect(emulator.faults.list()).toEqual([]);
    expect((await admin(emulator, 'DELETE', '/faults/nope')).status).toBe(404);
  });

  it('never touches the admin API, so tests can always undo faults', async () => {
    await withFault({ errorRate: 1, dropRate: 1 }, async () => {
      expect((await admin(emulator, 'GET', '/health')).status).toBe(200);
    });
  });

  it('decides reproducibly from the seed for partial rates', () => {
    const run = (): boolean[] => {
      const injector = new FaultInjector(7, [{ errorRate: 0.5 }]);
      return Array.from(
        { length: 20 },
        () => injector.decide('github', 'GET', '/api/v3/user').errorStatus !== null,
      );
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(first.filter(Boolean).length).toBeGreaterThan(3);
    expect(first.filter(Boolean).length).toBeLessThan(17);
  });

  it('takes global faults from the options (CLI --latency, --error-rate…)', async () => {
    const faulty = await startTestEmulator({ faults: { errorRate: 1 } });
    try {
      expect((await githubGet(faulty, '/user')).status).toBe(500);
      expect(faulty.faults.list().map((r) => r.id)).toEqual(['global']);
    } finally {
      await faulty.close();
    }
  });
});
