import { RequestError } from '@octokit/request-error';
import type { Octokit } from '@octokit/rest';
import type { FastifyInstance } from 'fastify';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { findProviderToken } from '../connections/provider-tokens.repository.js';
import { octokitForToken } from './octokit-for-token.js';
import { recordRateBudget } from './record-rate-budget.js';

/** Every upstream call of a sync ends within this (unless the config sets a shorter deadline). */
export const SYNC_REQUEST_TIMEOUT_MS = 15_000;
/** Core calls kept in reserve for the pages people open (detail that is not synced). */
export const CORE_RESERVE = 100;

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

function secondsUntil(resetEpochSeconds: number): number {
  return Math.max(1, Math.ceil(resetEpochSeconds - Date.now() / 1000));
}

function header(headers: Record<string, unknown>, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

type Bucket = 'core' | 'search' | 'graphql';

interface Budget {
  remaining: number;
  reset: number;
}

function budgetFrom(headers: Record<string, unknown>): Budget | null {
  const remaining = header(headers, 'x-ratelimit-remaining');
  const reset = header(headers, 'x-ratelimit-reset');
  if (remaining === null || reset === null) return null;
  return { remaining: Number(remaining), reset: Number(reset) };
}

/**
 * A budget nearly spent becomes a RetryLaterError before the next call: the job waits for the
 * window to reset instead of spending GitHub's budget to zero.
 */
function refuseIfSpent(budget: Budget | undefined, bucket: Bucket): void {
  if (!budget || budget.reset * 1000 <= Date.now()) return;
  const floor = bucket === 'core' ? CORE_RESERVE : 0;
  if (budget.remaining <= floor) {
    throw new RetryLaterError(
      secondsUntil(budget.reset),
      `GitHub ${bucket} budget down to ${budget.remaining}; waiting for its reset`,
    );
  }
}

function asRetryLater(error: RequestError): RetryLaterError | null {
  const headers = error.response?.headers ?? {};
  const retryAfter = header(headers, 'retry-after');
  if (retryAfter !== null && (error.status === 403 || error.status === 429)) {
    return new RetryLaterError(
      Math.max(1, Number(retryAfter) || 60),
      'GitHub asked to retry later',
    );
  }
  if (
    (error.status === 403 || error.status === 429) &&
    header(headers, 'x-ratelimit-remaining') === '0'
  ) {
    const reset = Number(header(headers, 'x-ratelimit-reset') ?? 0);
    return new RetryLaterError(secondsUntil(reset), 'GitHub rate limit exhausted');
  }
  return null;
}

/** A client for one user's sync: conditional GETs, a timeout on each, the budget respected. */
export async function openSyncClient(
  app: FastifyInstance,
  userId: string,
  login: string,
): Promise<SyncClient | null> {
  const github = app.config.github;
  const stored = await findProviderToken(app.db, userId, 'github');
  if (!stored) return null;
  const octokit = octokitForToken({
    token: app.secrets.open(stored.token_sealed),
    apiUrl: github.apiUrl,
    log: app.log,
  });
  const budgets = new Map<Bucket, Budget>();
  const client: SyncClient = {
    login,
    requests: 0,
    async get(route, params, etag, options = {}) {
      const bucket: Bucket = route.startsWith('GET /search/') ? 'search' : 'core';
      refuseIfSpent(budgets.get(bucket), bucket);
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
        const answer: ConditionalAnswer = {
          status: 200,
          data: response.data,
          etag: header(headers, 'etag'),
          link: header(headers, 'link'),
          lastModified: header(headers, 'last-modified'),
          headers,
        };
        const budget = budgetFrom(headers);
        if (budget) budgets.set(bucket, budget);
        await recordRateBudget(app.db, userId, { headers, url: route });
        return answer;
      } catch (error) {
        if (error instanceof RequestError) {
          if (error.response) {
            await recordRateBudget(app.db, userId, { headers: error.response.headers, url: route });
          }
          if (error.status === 304)
            return {
              status: 304,
              data: null,
              etag: etag ?? null,
              link: null,
              lastModified: options.ifModifiedSince ?? null,
              headers: error.response?.headers ?? {},
            };
          const later = asRetryLater(error);
          if (later) throw later;
        }
        throw error;
      }
    },
    govern(other) {
      other.hook.wrap('request', async (request, options) => {
        // GraphQL has a points budget of its own; its headers must not stand for core's.
        const bucket: Bucket = String(options.url).endsWith('/graphql') ? 'graphql' : 'core';
        refuseIfSpent(budgets.get(bucket), bucket);
        client.requests += 1;
        const response = await request(options);
        const budget = budgetFrom(response.headers);
        if (budget) budgets.set(bucket, budget);
        return response;
      });
    },
  };
  return client;
}
