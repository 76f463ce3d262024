import { DEFAULT_CHECK_RERUNS, type CheckRerunSettings } from './activity/check-rerun-settings.js';
import type { OAuthApp, WorldData } from './data/model.js';
import type { FaultRuleInput } from './faults/fault-rule.js';
import type { RateLimitConfig } from './github/rate-limiter.js';
import type { WebhookConfig } from './webhooks/webhook-config.js';

/** The OAuth app every emulator knows, so demo mode needs no registration step. */
export const DEMO_OAUTH_APP: OAuthApp = {
  clientId: 'shipdeck-emulator-client',
  clientSecret: 'shipdeck-emulator-secret',
  name: 'Shipdeck (demo)',
  callbackUrl: null,
};

export interface GlobalFaults {
  latencyMs?: number;
  errorRate?: number;
  errorStatus?: number;
  malformedRate?: number;
  dropRate?: number;
  /** Finer-grained rules (per area, method, path). */
  rules?: FaultRuleInput[];
}

export interface EmulatorOptions {
  /** TCP port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Origin written into URLs in answers; default `http://127.0.0.1:<port>`. */
  publicUrl?: string;
  /**
   * Base of the URLs a browser is sent to (html_url, avatar_url, the OAuth authorize page), when
   * those pages are reached through a proxy at another address, path included: Shipdeck's demo
   * mode serves them under `<PUBLIC_URL>/_demo/github`. API URLs keep the emulator's own origin.
   * Default: the same origin as the API.
   */
  webUrl?: string;
  /** Seed of the generated data (default 1): the same seed gives the same world. */
  seed?: number | string;
  /** The moment generated data is relative to (default: now). */
  now?: number | Date;
  /** Extra generated users besides the fixed cast (default 8). */
  users?: number;
  /** Repositories owned by the demo account (default 40; 5000 is fine). */
  repos?: number;
  /** How many of them get a rich history of commits and pull requests (default 24). */
  richRepos?: number;
  /** Vercel projects of the demo account linked to its repositories (default 8). */
  projects?: number;
  /** Deployments generated per linked project (default 14). */
  deploymentsPerProject?: number;
  /** A data file's contents (see `worldDataSchema`); replaces generation. */
  data?: WorldData;
  /** Extra OAuth apps besides {@link DEMO_OAUTH_APP}. */
  oauthApps?: OAuthApp[];
  /** GitHub rate limits (defaults: GitHub.com's), or false to turn them off like GHES. */
  rateLimits?: Partial<RateLimitConfig> | false;
  /**
   * Serve GitHub's GraphQL API (`/graphql`, GHES's `/api/graphql`); false answers 404 there,
   * like a server without it, so a client's REST fallback can be exercised. Default true.
   */
  graphql?: boolean;
  faults?: GlobalFaults;
  webhooks?: WebhookConfig;
  /** Live activity: start moving the world every `intervalMs` (off by default). */
  activity?: { intervalMs: number } | false;
  /** Time between deployment states during live activity (default 3000 ms). */
  deploymentStepMs?: number;
  /** How re-run checks end and how fast (default: success, 2000 ms a state). */
  checkReruns?: Partial<CheckRerunSettings>;
  /** Requests kept in the request log (default 2000). */
  requestLogSize?: number;
  /**
   * The Vercel plan of personal accounts (teams carry their own): on `hobby` a rollback may only
   * go to the previous production deployment, further answers 402. Default `pro`.
   */
  vercelPersonalPlan?: 'hobby' | 'pro';
  /**
   * When set, the admin API (which lists every token) answers only requests carrying it in the
   * `x-emulator-key` header; identicons stay public. Demo mode sets a random one.
   */
  adminKey?: string;
  /**
   * Generate every repository's history in the background after start-up (default true), so
   * the first cross-repository search does not pay for it. Generation is per repository and
   * seeded, so this changes no data.
   */
  warmUp?: boolean;
}

export interface ResolvedOptions {
  port: number;
  publicUrl: string | null;
  webUrl: string | null;
  seed: number | string;
  now: number;
  users: number;
  repos: number;
  richRepos: number;
  projects: number;
  deploymentsPerProject: number;
  data: WorldData | undefined;
  oauthApps: OAuthApp[];
  rateLimits: Partial<RateLimitConfig> | false;
  graphql: boolean;
  faultRules: FaultRuleInput[];
  webhooks: WebhookConfig;
  activity: { intervalMs: number } | false;
  deploymentStepMs: number;
  checkReruns: CheckRerunSettings;
  requestLogSize: number;
  vercelPersonalPlan: 'hobby' | 'pro';
  warmUp: boolean;
  adminKey: string | null;
}

function globalRule(faults: GlobalFaults): FaultRuleInput | null {
  const { latencyMs, errorRate, errorStatus, malformedRate, dropRate } = faults;
  if ([latencyMs, errorRate, malformedRate, dropRate].every((v) => v === undefined || v === 0))
    return null;
  return { id: 'global', area: 'all', latencyMs, errorRate, errorStatus, malformedRate, dropRate };
}

export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  const faults = options.faults ?? {};
  const global = globalRule(faults);
  return {
    port: options.port ?? 0,
    publicUrl: options.publicUrl?.replace(/\/+$/, '') ?? null,
    webUrl: options.webUrl?.replace(/\/+$/, '') ?? null,
    adminKey: options.adminKey ?? null,
    seed: options.seed ?? 1,
    now: options.now instanceof Date ? options.now.getTime() : (options.now ?? Date.now()),
    users: options.users ?? 8,
    repos: options.repos ?? 40,
    richRepos: options.richRepos ?? 24,
    projects: options.projects ?? 8,
    deploymentsPerProject: options.deploymentsPerProject ?? 14,
    data: options.data,
    oauthApps: [DEMO_OAUTH_APP, ...(options.oauthApps ?? [])],
    rateLimits: options.rateLimits ?? {},
    graphql: options.graphql ?? true,
    faultRules: [...(global ? [global] : []), ...(faults.rules ?? [])],
    webhooks: options.webhooks ?? {},
    activity: options.activity ?? false,
    deploymentStepMs: options.deploymentStepMs ?? 3000,
    checkReruns: { ...DEFAULT_CHECK_RERUNS, ...options.checkReruns },
    requestLogSize: options.requestLogSize ?? 2000,
    vercelPersonalPlan: options.vercelPersonalPlan ?? 'pro',
    warmUp: options.warmUp ?? true,
  };
}
