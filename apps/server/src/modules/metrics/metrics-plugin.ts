import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { isInProcessPageRequest } from '../../plugins/in-process-page-requests.js';
import { lowestRateBudgetLeft } from '../github-client/github-rate-budget.repository.js';
import { webhookReceipt } from '../webhooks/webhook-receipts.js';
import type { MetricsListener } from './metrics-listener.js';
import { startMetricsListener } from './metrics-listener.js';
import type { ProviderEndpoint } from './observe-provider-calls.js';
import { observeProviderCalls } from './observe-provider-calls.js';
import { createShipdeckMetrics } from './shipdeck-metrics.js';

export interface MetricsEndpoint {
  readonly registry: Registry;
  /** Where `/metrics` is served once the app is ready (tests ask for port 0 and read it here). */
  address(): AddressInfo | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when METRICS_PORT is unset: nothing is collected and no port is opened. */
    metrics: MetricsEndpoint | null;
  }
}

/** Requests that matched no route (the SPA's pages, 404s) share one label: URLs are unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Where GitHub and Vercel are reached; `github` may be absent where GitHub is not set up. */
function providerEndpoints(
  github: { apiUrl: string; webUrl: string } | null,
  vercel: { apiUrl: string },
): ProviderEndpoint[] {
  return [
    ...(github
      ? [
          { provider: 'github' as const, baseUrl: github.apiUrl },
          // The OAuth code exchange goes to GitHub's web address, not its API.
          { provider: 'github' as const, baseUrl: `${github.webUrl}/login/oauth` },
        ]
      : []),
    { provider: 'vercel', baseUrl: vercel.apiUrl },
  ];
}

/**
 * Prometheus metrics on a port of their own (METRICS_PORT, on HOST), opened when the app is ready
 * and closed first when it closes. Registered before the routes, so its hooks see them all.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const port = app.config.metricsPort;
    if (port === null) {
      app.decorate('metrics', null);
      return;
    }

    // A gauge that cannot be read leaves its series out of this scrape rather than failing it.
    const readOrNull = async <T>(what: string, read: () => Promise<T>): Promise<T | null> => {
      try {
        return await read();
      } catch (error) {
        app.log.warn({ err: error }, `metrics: could not read ${what}`);
        return null;
      }
    };
    const metrics = createShipdeckMetrics({
      queuedJobs: () => readOrNull('queued jobs', () => app.jobs.countQueued()),
      lowestGithubRateBudget: () =>
        readOrNull('GitHub rate budgets', () => lowestRateBudgetLeft(app.db, new Date())),
      openEventStreams: () => app.liveEvents.openStreams(),
    });

    app.addHook('onResponse', async (request, reply) => {
      // A server-drawn page's own API calls are part of the page request, which is counted.
      if (isInProcessPageRequest(request)) return;
      metrics.httpRequest(
        request.method,
        request.routeOptions.url ?? UNMATCHED_ROUTE,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      const receipt = webhookReceipt(request, reply.statusCode);
      if (receipt) metrics.webhookDelivery(receipt.provider, receipt.outcome);
    });

    let listener: MetricsListener | null = null;
    const unsubscribe: (() => void)[] = [];
    app.decorate('metrics', {
      registry: metrics.registry,
      address: () => listener?.address ?? null,
    });

    app.addHook('onReady', async () => {
      unsubscribe.push(
        app.jobs.observe((attempt) =>
          metrics.jobAttempt(attempt.queue, attempt.outcome, attempt.durationSeconds),
        ),
        observeProviderCalls(providerEndpoints(app.config.github, app.config.vercel), (call) =>
          metrics.providerRequest(call.provider, call.status, call.seconds),
        ),
        app.mail.observe((attempt) => metrics.mailMessage(attempt.kind, attempt.outcome)),
      );
      listener = await startMetricsListener(metrics.registry, {
        host: app.config.host,
        port,
        log: app.log,
      });
      app.log.info(
        { address: `${listener.address.address}:${listener.address.port}` },
        'metrics served at /metrics',
      );
    });

    // Before the app's own close: a scrape during shutdown must not reopen what jobs.stop closed.
    app.addHook('preClose', async () => {
      for (const stop of unsubscribe.splice(0)) stop();
      await listener?.close();
      listener = null;
    });
  },
  { name: 'metrics', decorators: { fastify: ['config', 'db', 'jobs'] } },
);
