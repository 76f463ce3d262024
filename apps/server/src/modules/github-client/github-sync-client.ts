import { RequestError } from '@octokit/request-error';
import type { Octokit } from '@octokit/rest';
import type { FastifyInstance } from 'fastify';
import { findProviderToken } from '../connections/provider-tokens.repository.js';
import { findRateBudget } from './github-rate-budget.repository.js';
import type { RateWindowResource } from './github-rate-window.repository.js';
import { findRateWindow, recordRateWindow, takeRateSlot } from './github-rate-window.repository.js';
import { octokitForToken } from './octokit-for-token.js';
import { RateLimitWait } from './rate-limit-wait.js';
import { recordRateBudget } from './record-rate-budget.js';

/** Every upstream call of a sync ends within this (unless the config sets a shorter deadline). */
export const SYNC_REQUEST_TIMEOUT_MS = 15_000;
/** Core calls kept in reserve for the pages people open (detail that is not synced). */
export const CORE_RESERVE = 100;

/**
 * Who spends the token's budget. Each stops at its own floor of core calls left, lowest for the
 * most wanted, so a long first sync waits before it could starve ship status, and both before the
 * inbox poll (which stops at the pages' reserve): one budget per token, shared by every job on
 * every instance through the database, and none of them starves the others.
 */
export type BudgetPurpose = 'sync' | 'ship-status' | 'inbox';
const CORE_FLOORS: Record<BudgetPurpose, number> = {
  sync: CORE_RESERVE + 400,
  'ship-status': CORE_RESERVE + 200,
  inbox: CORE_RESERVE,
};
/** GraphQL points kept for ship status on the pages (a query costs about one). */
const GRAPHQL_FLOOR = 50;

export interface ConditionalAnswer {
  status: 200 | 304;
  data: unknown;
  etag: string | null;
  link: string | null;
  /** `Last-Modified` of a 200 (the value to send back as If-Modified-Since). */
  lastModified: string | null;
  /** Every header of the answer (`x-poll-interval`, `x-oauth-scopes` …); on a 304, GitHub's. */
  headers: Record<string, unknown>;
}

export interface ConditionalGetOptions {
  /** Sent as If-Modified-Since (GitHub's notifications poll by Last-Modified, not ETag). */
  ifModifiedSince?: string | null;
}

export interface SyncClient {
  login: string;
  /** Upstream requests made, for progress logs and the benchmark. */
  requests: number;
  /** Of those, answered 304 (free of rate limit). */
  notModified: number;
  get(
    route: string,
    params: Record<string, unknown>,
    etag?: string | null,
    options?: ConditionalGetOptions,
  ): Promise<ConditionalAnswer>;
  /**
   * Puts another Octokit (the conditional `githubClientFor` one) under this client's core budget
   * and request count, for calls made through Octokit helpers rather than `get`.
   */
  govern(octokit: Octokit): void;
}

function header(headers: Record<string, unknown>, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

const resetOf = (headers: Record<string, unknown>): Date | null => {
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  return Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : null;
};

/** The resource an answer's budget headers describe (`x-ratelimit-resource`, else by URL). */
function resourceOf(headers: Record<string, unknown>, url: string): 'core' | RateWindowResource {
  const named = header(headers, 'x-ratelimit-resource');
  if (named === 'search' || named === 'graphql' || named === 'core') return named;
  if (url.includes('/search/')) return 'search';
  return url.endsWith('/graphql') ? 'graphql' : 'core';
}

/**
 * A 403/429 that is a rate limit, as a wait: a secondary limit's `retry-after` (60 s without
 * one, as GitHub advises), or the named resource's reset when `remaining` is 0.
 */
function asWait(error: RequestError, url: string): RateLimitWait | null {
  if (error.status !== 403 && error.status !== 429) return null;
  const headers = error.response?.headers ?? {};
  const retryAfter = header(headers, 'retry-after');
  const secondary = /secondary rate limit/i.test(error.message);
  if (retryAfter !== null || secondary) {
    const seconds = Math.max(1, Number(retryAfter) || 60);
    return new RateLimitWait('secondary', new Date(Date.now() + seconds * 1000));
  }
  if (header(headers, 'x-ratelimit-remaining') !== '0') return null;
  const reset = resetOf(headers);
  // A second past GitHub's reset, as the stored windows count it (clocks differ).
  return new RateLimitWait(
    resourceOf(headers, url),
    reset ? new Date(reset.getTime() + 1000) : new Date(Date.now() + 60_000),
  );
}

/** A client for one user's sync: conditional GETs, a timeout on each, the budget respected. */
export async function openSyncClient(
  app: FastifyInstance,
  userId: string,
  login: string,
  purpose: BudgetPurpose = 'sync',
): Promise<SyncClient | null> {
  const github = app.config.github;
  const stored = await findProviderToken(app.db, userId, 'github');
  if (!stored) return null;
  const octokit = octokitForToken({
    token: app.secrets.open(stored.token_sealed),
    apiUrl: github.apiUrl,
    log: app.log,
  });
  const floor = CORE_FLOORS[purpose];

  /** Waits rather than spends the core budget below this purpose's floor (read from the store). */
  const checkCore = async () => {
    const budget = await findRateBudget(app.db, userId);
    if (!budget) return;
    const reset = new Date(budget.core_reset_at);
    if (reset.getTime() > Date.now() && budget.core_remaining <= floor) {
      throw new RateLimitWait('core', reset);
    }
  };
  const takeSlot = async (resource: RateWindowResource) => {
    if (resource === 'graphql') {
      const window = await findRateWindow(app.db, userId, 'graphql');
      if (window && Date.parse(window.reset_at) > Date.now() && window.remaining <= GRAPHQL_FLOOR) {
        throw new RateLimitWait('graphql', new Date(window.reset_at));
      }
    }
    const slot = await takeRateSlot(app.db, userId, resource, new Date());
    if (!slot.granted) throw new RateLimitWait(resource, slot.until);
    return slot.left;
  };
  /** Stores the figures an answer carries: core's, or the search or GraphQL window's. */
  const record = async (headers: Record<string, unknown>, url: string, left: number | null) => {
    const resource = resourceOf(headers, url);
    if (resource === 'core') {
      await recordRateBudget(app.db, userId, { headers, url });
      return;
    }
    const quota = Number(header(headers, 'x-ratelimit-limit'));
    const remaining = Number(header(headers, 'x-ratelimit-remaining'));
    const resetAt = resetOf(headers);
    if (!resetAt || !Number.isFinite(quota) || !Number.isFinite(remaining)) return;
    if (header(headers, 'x-ratelimit-limit') === null) return;
    await recordRateWindow(
      app.db,
      userId,
      resource,
      { quota, remaining, resetAt },
      new Date(),
      left,
    );
  };

  const client: SyncClient = {
    login,
    requests: 0,
    notModified: 0,
    async get(route, params, etag, options = {}) {
      const search = route.startsWith('GET /search/');
      let left: number | null = null;
      if (search) left = await takeSlot('search');
      else await checkCore();
      client.requests += 1;
      try {
        const response = await octokit.request(route, {
          ...params,
          headers: {
            ...(etag ? { 'if-none-match': etag } : {}),
            ...(options.ifModifiedSince ? { 'if-modified-since': options.ifModifiedSince } : {}),
          },
          request: {
            signal: AbortSignal.timeout(app.config.syncTimeoutMs ?? SYNC_REQUEST_TIMEOUT_MS),
          },
        });
        const headers = response.headers as Record<string, unknown>;
        await record(headers, route, left);
        return {
          status: 200,
          data: response.data,
          etag: header(headers, 'etag'),
          link: header(headers, 'link'),
          lastModified: header(headers, 'last-modified'),
          headers,
        };
      } catch (error) {
        if (error instanceof RequestError) {
          if (error.response) await record(error.response.headers, route, left);
          if (error.status === 304) {
            client.notModified += 1;
            return {
              status: 304,
              data: null,
              etag: etag ?? null,
              link: null,
              lastModified: options.ifModifiedSince ?? null,
              headers: error.response?.headers ?? {},
            };
          }
          const wait = asWait(error, route);
          if (wait) throw wait;
        }
        throw error;
      }
    },
    govern(other) {
      other.hook.wrap('request', async (request, options) => {
        // GraphQL has a points budget of its own; its headers must not stand for core's.
        const url = String(options.url);
        const graphql = url.endsWith('/graphql');
        let left: number | null = null;
        if (graphql) left = await takeSlot('graphql');
        else await checkCore();
        client.requests += 1;
        try {
          const response = await request(options);
          await record(response.headers, url, left);
          return response;
        } catch (error) {
          if (error instanceof RequestError) {
            if (error.response) await record(error.response.headers, url, left);
            if (error.status === 304) client.notModified += 1;
            const wait = asWait(error, url);
            if (wait) throw wait;
          }
          throw error;
        }
      });
    },
  };
  return client;
}
