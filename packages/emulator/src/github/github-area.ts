import { randomBytes } from 'node:crypto';
import type { World } from '../data/world.js';
import { readBody } from '../http/read-body.js';
import { etagFor, matchesIfNoneMatch, notModifiedSince } from '../http/etag.js';
import { jsonReply, JSON_TYPE, textReply, type HeaderValue, type Reply } from '../http/reply.js';
import type { Area, IncomingContext } from '../http/server.js';
import { authenticateGithub } from './authenticate.js';
import { GithubError } from './github-error.js';
import type { GithubRequest, GithubResult } from './github-request.js';
import { githubRouter } from './github-routes.js';
import type { GithubWriteDeps } from './github-write-deps.js';
import { ResponseCache } from './response-cache.js';
import type { BucketState, RateLimiter, RateResource } from './rate-limiter.js';
import type { GithubUrls } from './urls.js';

/** The GitHub API lives below this path, like GitHub Enterprise Server's `/api/v3`. */
export const GITHUB_API_BASE = '/api/v3';

/** Messages of injected error answers (fault rules with `errorStatus`), as GitHub words them. */
const FAULT_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Bad credentials',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  422: 'Validation Failed',
  503: 'Service Unavailable',
};

const SUPPORTED_VERSIONS = ['2022-11-28', '2026-03-10'];
const RATE_DOCS = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api';

export interface GithubAreaOptions {
  world: World;
  urls(): GithubUrls;
  /** null turns rate limiting off, as on GitHub Enterprise Server by default. */
  limiter: RateLimiter | null;
  actions: GithubWriteDeps;
}

function requestId(): string {
  const hex = randomBytes(12).toString('hex').toUpperCase();
  return `${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 15)}:${hex.slice(15, 22)}:${Math.floor(
    Date.now() / 1000,
  )
    .toString(16)
    .toUpperCase()}`;
}

function rateHeaders(state: BucketState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.reset),
    'x-ratelimit-used': String(state.used),
    'x-ratelimit-resource': state.resource,
  };
}

export function githubArea(options: GithubAreaOptions): Area {
  const router = githubRouter();
  const cache = new ResponseCache();
  const { world, limiter } = options;

  const handle = async (ctx: IncomingContext): Promise<Reply> => {
    const { req } = ctx;
    const path = ctx.url.pathname.slice(GITHUB_API_BASE.length) || '/';
    const id = requestId();
    const headers: Record<string, HeaderValue> = {
      'x-github-request-id': id,
      'x-github-media-type': 'github.v3; format=json',
      'access-control-allow-origin': '*',
      'access-control-expose-headers':
        'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
    };
    const error = (e: GithubError, extra: Record<string, string> = {}): Reply =>
      jsonReply(e.status, e.body(), { ...headers, ...e.headers, ...extra });

    const version = req.headers['x-github-api-version'];
    if (typeof version === 'string' && !SUPPORTED_VERSIONS.includes(version)) {
      return error(
        new GithubError(
          400,
          `Invalid API version provided: ${version}. Supported versions: ${SUPPORTED_VERSIONS.join(', ')}`,
        ),
      );
    }
    if (!req.headers['user-agent']) {
      return textReply(
        403,
        'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes.\n',
      );
    }
    const match = router.match(ctx.method, path);
    if (!match || 'methodNotAllowed' in match) return error(new GithubError(404, 'Not Found'));
    const route = match.handler;

    const auth = authenticateGithub(world, req.headers.authorization);
    const viewer = auth.kind === 'token' ? auth.viewer : null;
    const scopes = auth.kind === 'token' ? auth.token.scopes : [];
    const authenticated = viewer !== null;
    const key = viewer ? `user:${viewer.id}` : `ip:${req.socket.remoteAddress ?? 'unknown'}`;
    const resource: RateResource = route.resource === 'search' ? 'search' : 'core';
    if (auth.kind === 'invalid') {
      return error(
        new GithubError(401, 'Bad credentials'),
        limiter ? rateHeaders(limiter.peek(key, 'core', false)) : {},
      );
    }
    ctx.log.actor = viewer?.login ?? null;
    if (auth.kind === 'token' && !auth.token.fineGrained) {
      headers['x-oauth-scopes'] = auth.token.scopes.join(', ');
      headers['x-accepted-oauth-scopes'] = route.acceptedScopes ?? '';
    }
    if (route.resource === 'none' && limiter === null)
      return error(new GithubError(404, 'Rate limiting is not enabled.'));

    const urls = options.urls();
    const write = ctx.method !== 'GET' && ctx.method !== 'HEAD';
    let parsedBody: unknown = undefined;
    if (write) {
      const raw = (await readBody(req)).toString('utf8');
      if (raw.trim() !== '') {
        try {
          parsedBody = JSON.parse(raw);
        } catch {
          return error(new GithubError(400, 'Problems parsing JSON'));
        }
      }
    }
    const request: GithubRequest = {
      world,
      urls,
      method: ctx.method,
      path,
      params: match.params,
      query: ctx.url.searchParams,
      headers: req.headers,
      body: parsedBody,
      viewer,
      token: auth.kind === 'token' ? auth.token : null,
      scopes,
      render: { world, urls, viewer },
      rateLimit: (which) =>
        limiter?.peek(key, which, authenticated) ?? {
          limit: 0,
          remaining: 0,
          used: 0,
          reset: 0,
          resource: which,
        },
      actions: options.actions,
    };
    const cacheKey =
      route.resource === 'none' || write
        ? null
        : `${viewer?.id ?? 'anonymous'}|${scopes.join(',')}|${ctx.method}|${ctx.url.pathname}${ctx.url.search}`;
    const versionBefore = world.version;
    let answer = cacheKey ? cache.get(cacheKey, versionBefore) : undefined;
    if (!answer) {
      let result: GithubResult;
      try {
        result = await route.handler(request);
      } catch (e) {
        if (!(e instanceof GithubError)) throw e;
        result = { status: e.status, body: e.body(), headers: e.headers };
      }
      const body = result.body === undefined ? null : JSON.stringify(result.body);
      const status = result.status ?? 200;
      answer = {
        version: versionBefore,
        status,
        body,
        etag:
          status === 200 && body !== null && !write
            ? etagFor(body, Array.isArray(result.body))
            : undefined,
        link: result.link,
        lastModified: status === 200 ? result.lastModified : undefined,
        headers: result.headers,
      };
      // A handler that changed the world (first PR fetch computing mergeability) is not reusable.
      if (cacheKey && status === 200 && world.version === versionBefore)
        cache.set(cacheKey, answer);
    }
    const { status, body } = answer;
    Object.assign(headers, {
      'cache-control': authenticated
        ? 'private, max-age=60, s-maxage=60'
        : 'public, max-age=60, s-maxage=60',
      vary: 'Accept, Authorization, Cookie, X-GitHub-OTP',
      'x-github-api-version-selected': typeof version === 'string' ? version : '2022-11-28',
      ...answer.headers,
    });
    if (answer.etag) headers.etag = answer.etag;
    if (answer.lastModified) headers['last-modified'] = answer.lastModified;
    if (answer.link) headers.link = answer.link;

    const conditional =
      !write &&
      status === 200 &&
      (matchesIfNoneMatch(req.headers['if-none-match'], String(headers.etag)) ||
        (req.headers['if-none-match'] === undefined &&
          notModifiedSince(req.headers['if-modified-since'], answer.lastModified)));
    const forced = ctx.faults.rateLimit;
    if (limiter && route.resource !== 'none') {
      if (forced?.kind === 'secondary') {
        const secondary = new GithubError(
          forced.status,
          `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${id}.`,
          { documentation_url: `${RATE_DOCS}#about-secondary-rate-limits` },
        );
        return error(secondary, {
          ...rateHeaders(limiter.peek(key, resource, authenticated)),
          'retry-after': '60',
        });
      }
      if (forced?.kind === 'primary') limiter.exhaust(key, resource, authenticated);
      const before = limiter.peek(key, resource, authenticated);
      // A 304 costs nothing, even when the bucket is empty.
      if (conditional)
        return { status: 304, headers: { ...headers, ...rateHeaders(before) }, body: null };
      if (before.remaining <= 0) {
        const who = viewer ? `user ID ${viewer.id}` : (req.socket.remoteAddress ?? 'your IP');
        const limited = new GithubError(
          forced?.status ?? 403,
          `API rate limit exceeded for ${who}. If you reach out to GitHub Support for help, please include the request ID ${id} and timestamp ${new Date()
            .toISOString()
            .replace('T', ' ')
            .replace(/\.\d+Z$/, ' UTC')}.`,
          { documentation_url: `${RATE_DOCS}#about-the-primary-rate-limit` },
        );
        return error(limited, rateHeaders(before));
      }
      Object.assign(headers, rateHeaders(limiter.consume(key, resource, authenticated)));
    } else if (conditional) {
      return { status: 304, headers, body: null };
    }
    // GET /rate_limit costs nothing but, like GitHub, still reports the core bucket in headers.
    if (limiter && route.resource === 'none')
      Object.assign(headers, rateHeaders(limiter.peek(key, 'core', authenticated)));
    if (body === null) return { status, headers, body: null };
    return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body };
  };

  return {
    name: 'github',
    faultable: true,
    handle,
    errorReply: (status) =>
      jsonReply(status, {
        message: FAULT_MESSAGES[status] ?? (status < 500 ? 'Client Error' : 'Server Error'),
        documentation_url: 'https://docs.github.com/rest',
        status: String(status),
      }),
  };
}
