import { RequestError } from '@octokit/request-error';
import type { Octokit } from '@octokit/rest';
import { errorMessages } from '@shipdeck/shared/messages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { shareConcurrentCalls } from '../../lib/share-concurrent-calls.js';
import type { UserRow } from '../auth/users.table.js';
import { findProviderToken } from '../connections/provider-tokens.repository.js';
import { octokitForToken } from './octokit-for-token.js';
import { recordRateBudget } from './record-rate-budget.js';
import type { CachedAnswer } from './github-cache.repository.js';
import {
  findCachedAnswer,
  GITHUB_FRESH_FOR_MS,
  markCachedAnswerFresh,
  saveCachedAnswer,
} from './github-cache.repository.js';

function isProviderOutage(error: unknown): boolean {
  if (!(error instanceof RequestError)) return true;
  return error.status >= 500 || error.status === 429 || error.status === 403;
}

type GithubResponse = Awaited<ReturnType<Octokit['request']>>;

const shareGithubGet = shareConcurrentCalls<GithubResponse>();

/** Every GitHub REST answer Shipdeck reads is a JSON object or array. */
const githubJsonBodySchema = z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]);

/**
 * When GitHub's JSON cannot be parsed, Octokit hands back the raw text as `data`. Such an answer
 * is a provider failure: storing it (with its real ETag) would make every later 304 serve it.
 */
export class MalformedGithubAnswerError extends Error {
  override name = 'MalformedGithubAnswerError';
}

function parseStoredBody(body: string): unknown {
  try {
    const parsed = githubJsonBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Set on an answer served from the store: when GitHub last confirmed it (ISO), so a route that
 * reports `syncedAt` tells the truth while GitHub is failing.
 */
export const CONFIRMED_AT_HEADER = 'x-shipdeck-confirmed-at';

/** When GitHub last confirmed an answer: now for a live one, the stored time for a stored one. */
export function confirmedAt(headers: Record<string, unknown>): string {
  const value = headers[CONFIRMED_AT_HEADER];
  return typeof value === 'string' ? value : new Date().toISOString();
}

/** The stored answer as a response, or undefined when it is not a usable JSON body. */
function fromCache(url: string, cached: CachedAnswer, confirmed = cached.fetchedAt) {
  const data = parseStoredBody(cached.body);
  if (data === undefined) return undefined;
  return {
    status: 200,
    url,
    headers: {
      ...(cached.etag ? { etag: cached.etag } : {}),
      ...(cached.link ? { link: cached.link } : {}),
      [CONFIRMED_AT_HEADER]: new Date(confirmed).toISOString(),
    },
    data,
  };
}

/**
 * An Octokit for one user's token whose GETs are conditional: the stored ETag goes out as
 * If-None-Match, a 304 (free of rate limit) is answered from the store, and when GitHub is down
 * or rate-limited the last good answer is served instead of an error.
 */
export async function githubClientFor(
  app: FastifyInstance,
  user: UserRow,
  /** `revalidate`: ask GitHub even within the freshness window (a webhook said it changed). */
  mode: { revalidate?: boolean } = {},
): Promise<Octokit> {
  const github = app.config.github;
  const stored = user.github_id ? await findProviderToken(app.db, user.id, 'github') : undefined;
  if (!stored) {
    throw new AppError(409, 'GITHUB_NOT_CONNECTED', errorMessages.githubNotConnected);
  }
  const octokit = octokitForToken({
    token: app.secrets.open(stored.token_sealed),
    apiUrl: github.apiUrl,
    log: app.log,
  });

  octokit.hook.wrap('request', async (request, options) => {
    // Even a call the store answers gets a deadline, should it go out after all.
    options.request = {
      ...options.request,
      signal: AbortSignal.timeout(app.config.githubTimeoutMs),
    };
    if (options.method !== 'GET') return request(options);
    const { url } = octokit.request.endpoint.parse(options);
    const stored = await findCachedAnswer(app.db, user.id, url);
    const answerFromCache = stored ? fromCache(url, stored) : undefined;
    // An entry an older version stored unparsed is as good as none: ask GitHub afresh.
    const cached = answerFromCache ? stored : undefined;
    const now = Date.now();
    if (
      cached &&
      answerFromCache &&
      !mode.revalidate &&
      now - cached.fetchedAt < GITHUB_FRESH_FOR_MS
    ) {
      return answerFromCache;
    }

    // Concurrent requests for one URL (a page's burst, a herd when freshness ends) share one
    // upstream call; each caller gets its own copy of the answer, as Octokit's callers rewrite
    // theirs in place (`paginate` turns a `{ total_count, items }` page into the list).
    const shared = await shareGithubGet(`${user.id} ${url}`, async () => {
      if (cached?.etag) options.headers['if-none-match'] = cached.etag;
      else if (cached?.lastModified) options.headers['if-modified-since'] = cached.lastModified;
      try {
        const response = await request(options);
        await recordRateBudget(app.db, user.id, { headers: response.headers, url });
        if (response.status === 204) return response;
        if (!githubJsonBodySchema.safeParse(response.data).success) {
          throw new MalformedGithubAnswerError(
            `GitHub answered ${url} with a body that is not JSON`,
          );
        }
        const { etag, link } = response.headers;
        const lastModified = response.headers['last-modified'];
        await saveCachedAnswer(app.db, user.id, url, {
          etag: etag ?? null,
          lastModified: lastModified ?? null,
          link: link ?? null,
          body: JSON.stringify(response.data),
          fetchedAt: now,
        });
        return response;
      } catch (error) {
        // A 304 or an error answer carries the budget too (a 304 spends none of it).
        if (error instanceof RequestError && error.response) {
          await recordRateBudget(app.db, user.id, { headers: error.response.headers, url });
        }
        if (cached && answerFromCache && error instanceof RequestError && error.status === 304) {
          await markCachedAnswerFresh(app.db, user.id, url, now);
          return fromCache(url, cached, now) ?? answerFromCache;
        }
        if (answerFromCache && isProviderOutage(error)) {
          app.log.warn(
            { url, status: error instanceof RequestError ? error.status : null },
            'GitHub failed; serving the last good answer',
          );
          return answerFromCache;
        }
        throw error;
      }
    });
    return structuredClone(shared);
  });
  return octokit;
}
