import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the scrape-time gauges read; each answers null when it cannot tell (the database is down). */
export interface MetricsSources {
  queuedJobs(): Promise<Map<string, number> | null>;
  lowestGithubRateBudget(): Promise<number | null>;
  openEventStreams(): number;
}

/** Status classes (`2xx`…): a label per code would multiply the series for little gain. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * A gauge left out of the scrape while its value is unknown: prom-client writes NaN as `Nan`,
 * which Prometheus refuses, and 0 would read as a spent budget.
 */
class GaugeWhenKnown extends Gauge {
  private readonly read: () => Promise<number | null>;

  constructor(config: {
    name: string;
    help: string;
    registers: Registry[];
    read: () => Promise<number | null>;
  }) {
    super({ name: config.name, help: config.help, registers: config.registers });
    this.read = config.read;
  }

  override async get() {
    const value = await this.read();
    this.set(value ?? 0);
    const metric = await super.get();
    return value === null ? { ...metric, values: [] } : metric;
  }
}

/**
 * One app's collectors on a registry of its own (not prom-client's global one), so tests that
 * build several apps in one process never register a name twice or read each other's counts.
 */
export function createShipdeckMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'shipdeck_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'shipdeck_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });
  const jobAttempts = new Counter({
    name: 'shipdeck_job_attempts_total',
    help: 'Background job attempts run by this instance, by queue and outcome (completed, retried, deferred, failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'shipdeck_job_duration_seconds',
    help: 'Time a background job attempt ran, by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120, 300],
    registers,
  });
  new Gauge({
    name: 'shipdeck_jobs_queued',
    help: 'Background jobs waiting to run (queued, waiting for a retry or their start time), by queue; shared by every instance on one database',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      const counts = await sources.queuedJobs();
      // A queue that emptied must read 0, and nothing is better than stale figures.
      this.reset();
      for (const [queue, count] of counts ?? []) this.set({ queue }, count);
    },
  });
  const providerRequests = new Counter({
    name: 'shipdeck_provider_requests_total',
    help: 'Requests this instance sent to GitHub and Vercel, by provider and HTTP status code (error: no answer, a timeout or a network failure)',
    labelNames: ['provider', 'status'] as const,
    registers,
  });
  const providerDuration = new Histogram({
    name: 'shipdeck_provider_request_duration_seconds',
    help: 'Time until GitHub or Vercel answered (headers) or the request failed, by provider',
    labelNames: ['provider'] as const,
    registers,
  });
  new GaugeWhenKnown({
    name: 'shipdeck_github_rate_limit_lowest_remaining',
    help: 'Fewest GitHub core API calls left to any connected account in its current window (absent while no account has a budget on record)',
    registers,
    read: () => sources.lowestGithubRateBudget(),
  });
  new Gauge({
    name: 'shipdeck_sse_connections',
    help: 'Live event streams (Server-Sent Events) open on this instance',
    registers,
    collect() {
      this.set(sources.openEventStreams());
    },
  });
  const webhookDeliveries = new Counter({
    name: 'shipdeck_webhook_deliveries_total',
    help: 'Webhook deliveries received, by provider and outcome (accepted, duplicate, rejected, invalid, rate_limited, not_configured, error)',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  });
  const mailMessages = new Counter({
    name: 'shipdeck_mail_messages_total',
    help: 'Email attempts by this instance, by kind and outcome (sent, failed: refused for good or out of retries, retried: a temporary failure)',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });

  return {
    registry,
    httpRequest(method: string, route: string, statusCode: number, seconds: number) {
      const labels = { method, route, status_class: statusClass(statusCode) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    jobAttempt(queue: string, outcome: string, seconds: number) {
      jobAttempts.inc({ queue, outcome });
      jobDuration.observe({ queue, outcome }, seconds);
    },
    providerRequest(provider: string, status: string, seconds: number) {
      providerRequests.inc({ provider, status });
      providerDuration.observe({ provider }, seconds);
    },
    webhookDelivery(provider: string, outcome: string) {
      webhookDeliveries.inc({ provider, outcome });
    },
    mailMessage(kind: string, outcome: string) {
      mailMessages.inc({ kind, outcome });
    },
  };
}

export type ShipdeckMetrics = ReturnType<typeof createShipdeckMetrics>;
