import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/env.js';
import { signUpAndLogIn, testDialects, useTestApp } from '../../../test-app.js';
import { makeDue } from '../../../jobs/__tests__/job-rows.js';
import { openEventStream } from '../../events/__tests__/sse-client.js';
import { saveRateBudget } from '../../github-client/github-rate-budget.repository.js';
import type { ProviderCallListener } from '../observe-provider-calls.js';
import { observeProviderCalls } from '../observe-provider-calls.js';

let queueCounter = 0;
/** Queue names are unique per test, so suites sharing a database never run each other's jobs. */
function queueName(label: string): string {
  queueCounter += 1;
  return `metrics-${label}-${queueCounter}`;
}

/** The scrape, as Prometheus reads it, from the metrics port. */
async function scrape(address: AddressInfo | null | undefined): Promise<string> {
  if (!address) throw new Error('the metrics listener is not running');
  const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one sample line (`name{labels} value`), or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDialects)('metrics on %s', (dialect) => {
  const t = useTestApp(dialect, {
    host: '127.0.0.1',
    metricsPort: 0,
    webhooks: { githubSecret: 'metrics-test-secret', vercelSecret: null, perMinute: 600 },
  });

  beforeAll(async () => {
    await t.app.ready();
  });

  it('labels requests by route pattern, never by the raw URL', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/github/repos/acme-corp/rocket' });
    expect(first.statusCode).toBe(401);
    await t.app.inject({ method: 'GET', url: '/api/github/repos/other-org/other-repo?x=1' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/secret-path' });
    await t.app.inject({ method: 'GET', url: '/health' });

    const text = await scrape(t.app.metrics?.address());
    expect(
      sample(
        text,
        'shipdeck_http_requests_total{method="GET",route="/api/github/repos/:owner/:repo",status_class="4xx"}',
      ),
    ).toBe(2);
    expect(
      sample(
        text,
        'shipdeck_http_request_duration_seconds_count{method="GET",route="/api/github/repos/:owner/:repo",status_class="4xx"}',
      ),
    ).toBe(2);
    expect(
      sample(
        text,
        'shipdeck_http_requests_total{method="GET",route="unmatched",status_class="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'shipdeck_http_requests_total{method="GET",route="/health",status_class="2xx"}'),
    ).toBeGreaterThanOrEqual(1);
    for (const raw of ['acme-corp', 'rocket', 'other-org', 'secret-path', 'x=1']) {
      expect(text).not.toContain(raw);
    }
  });

  it('counts job attempts by queue and outcome, and the jobs waiting', async () => {
    const ok = queueName('ok');
    const failing = queueName('failing');
    const later = queueName('later');
    await t.app.jobs.work(ok, () => Promise.resolve());
    await t.app.jobs.work(failing, () => Promise.reject(new Error('boom')));
    await t.app.jobs.work(later, () => Promise.resolve());
    await t.app.jobs.send(ok, {});
    await t.app.jobs.send(ok, {});
    // One attempt left after the first: the first failure is retried, the second is final.
    await t.app.jobs.send(failing, {}, { retryLimit: 1 });
    await t.app.jobs.drain();
    await makeDue(t.database, failing);
    await t.app.jobs.drain();
    await t.app.jobs.send(later, {}, { startAfterSeconds: 3_600 });

    const text = await scrape(t.app.metrics?.address());
    expect(sample(text, `shipdeck_job_attempts_total{queue="${ok}",outcome="completed"}`)).toBe(2);
    expect(sample(text, `shipdeck_job_attempts_total{queue="${failing}",outcome="retried"}`)).toBe(
      1,
    );
    expect(sample(text, `shipdeck_job_attempts_total{queue="${failing}",outcome="failed"}`)).toBe(
      1,
    );
    expect(
      sample(text, `shipdeck_job_duration_seconds_count{queue="${ok}",outcome="completed"}`),
    ).toBe(2);
    expect(sample(text, `shipdeck_jobs_queued{queue="${later}"}`)).toBe(1);
    expect(sample(text, `shipdeck_jobs_queued{queue="${ok}"}`)).toBe(0);
  });

  it('counts webhook deliveries by provider and outcome', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhooks/github',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(401);
    await t.app.inject({
      method: 'POST',
      url: '/webhooks/vercel',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });

    const text = await scrape(t.app.metrics?.address());
    expect(
      sample(text, 'shipdeck_webhook_deliveries_total{provider="github",outcome="rejected"}'),
    ).toBe(1);
    expect(
      sample(text, 'shipdeck_webhook_deliveries_total{provider="vercel",outcome="not_configured"}'),
    ).toBe(1);
  });

  it('reads the lowest GitHub budget left among connected accounts, with no per-user label', async () => {
    const before = await scrape(t.app.metrics?.address());
    expect(sample(before, 'shipdeck_sse_connections')).toBe(0);
    // No account has a budget yet: no sample (prom-client would write NaN as `Nan`, 0 would alarm).
    expect(sample(before, 'shipdeck_github_rate_limit_lowest_remaining')).toBeUndefined();
    expect(before).toContain('# TYPE shipdeck_github_rate_limit_lowest_remaining gauge');
    const hour = 60 * 60 * 1000;
    const future = new Date(Date.now() + hour).toISOString();
    const past = new Date(Date.now() - hour).toISOString();
    const seen = new Date().toISOString();
    const budgets = [
      { remaining: 4_200, reset: future, connected: true },
      { remaining: 1_234, reset: future, connected: true },
      // A window already reset: GitHub refilled it, whatever was left.
      { remaining: 3, reset: past, connected: true },
      // GitHub disconnected since: not counted.
      { remaining: 7, reset: future, connected: false },
    ];
    for (const budget of budgets) {
      const { userId } = await signUpAndLogIn(t.app);
      await saveRateBudget(t.app.db, userId, {
        core_limit: 5_000,
        core_remaining: budget.remaining,
        core_reset_at: budget.reset,
        seen_at: seen,
      });
      if (budget.connected) {
        await t.app.db
          .insertInto('provider_tokens')
          .values({
            user_id: userId,
            provider: 'github',
            token_sealed: t.app.secrets.seal('ghp_test'),
            scopes: 'repo',
            updated_at: seen,
          })
          .execute();
      }
    }

    const text = await scrape(t.app.metrics?.address());
    expect(sample(text, 'shipdeck_github_rate_limit_lowest_remaining')).toBe(1_234);
    expect(text).not.toMatch(/shipdeck_github_rate_limit_lowest_remaining\{/);
  });

  it('counts the event streams open now', async () => {
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { token } = await signUpAndLogIn(t.app);
    const stream = await openEventStream(t.app, baseUrl, token);
    const address = t.app.metrics?.address();
    expect(sample(await scrape(address), 'shipdeck_sse_connections')).toBe(1);
    stream.close();
    const deadline = Date.now() + 5_000;
    while (sample(await scrape(address), 'shipdeck_sse_connections') !== 0) {
      if (Date.now() > deadline) throw new Error('the closed stream is still counted');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('serves the default process and Node.js metrics', async () => {
    const text = await scrape(t.app.metrics?.address());
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('serves /metrics on its own port only', async () => {
    const address = t.app.metrics?.address();
    expect(address?.port).toBeGreaterThan(0);
    const publicAnswer = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(publicAnswer.statusCode).toBe(404);
    expect(publicAnswer.body).not.toContain('shipdeck_http_requests_total');
    const other = await fetch(`http://127.0.0.1:${address?.port}/health`);
    expect(other.status).toBe(404);
  });
});

describe('metrics with METRICS_PORT unset', () => {
  const t = useTestApp('sqlite');

  it('opens no listener and serves no /metrics', async () => {
    await t.app.ready();
    expect(t.app.config.metricsPort).toBeNull();
    expect(t.app.metrics).toBeNull();
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
  });
});

describe('METRICS_PORT', () => {
  const base = { NODE_ENV: 'test' as const };

  it('is off when unset or empty, and a port otherwise', () => {
    expect(loadConfig(base).metricsPort).toBeNull();
    expect(loadConfig({ ...base, METRICS_PORT: '' }).metricsPort).toBeNull();
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it('is refused when it is the public port or no port at all', () => {
    expect(() => loadConfig({ ...base, PORT: '3000', METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, METRICS_PORT: 'prometheus' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});

describe('the metrics listener', () => {
  it('stops with the app', async () => {
    const { buildApp } = await import('../../../app.js');
    const { testConfig } = await import('../../../test-app.js');
    const { createDatabase } = await import('../../../db/database.js');
    const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
    const app = await buildApp({
      config: testConfig({ host: '127.0.0.1', metricsPort: 0 }),
      database,
    });
    await app.ready();
    const port = app.metrics?.address()?.port;
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    await app.close();
    await database.destroy();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('provider calls', () => {
  const calls: Parameters<ProviderCallListener>[0][] = [];
  let origin = '';
  let close = () => {};
  let stop = () => {};

  beforeAll(async () => {
    const server = createServer((request, response) => {
      if (request.url?.startsWith('/slow')) {
        setTimeout(() => response.end('late'), 2_000).unref();
        return;
      }
      response.statusCode = request.url?.includes('missing') ? 404 : 200;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => {
      server.closeAllConnections();
      server.close();
    };
    stop = observeProviderCalls(
      [
        { provider: 'github', baseUrl: `${origin}/api/v3` },
        { provider: 'github', baseUrl: `${origin}/login/oauth` },
        // The demo's emulator serves Vercel at its bare origin, beside GitHub's paths.
        { provider: 'vercel', baseUrl: origin },
      ],
      (call) => calls.push(call),
    );
  });
  afterAll(() => {
    stop();
    close();
  });

  it('counts each call once by provider and status, a timeout as an error', async () => {
    await (await fetch(`${origin}/api/v3/user`)).text();
    await (await fetch(`${origin}/api/v3/repos/missing`)).text();
    await (await fetch(`${origin}/login/oauth/access_token`, { method: 'POST' })).text();
    await (await fetch(`${origin}/v9/projects`)).text();
    await expect(
      fetch(`${origin}/slow`, { signal: AbortSignal.timeout(100) }).then((r) => r.text()),
    ).rejects.toThrow();

    expect(calls.map(({ provider, status }) => `${provider} ${status}`)).toEqual([
      'github 200',
      'github 404',
      'github 200',
      'vercel 200',
      'vercel error',
    ]);
    expect(calls.every((call) => call.seconds >= 0)).toBe(true);
  });
});
