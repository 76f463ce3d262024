import type { IncomingHttpHeaders } from 'node:http';
import type { Account, GithubToken } from '../data/model.js';
import type { World } from '../data/world.js';
import type { BucketState, RateResource } from './rate-limiter.js';
import type { GithubWriteDeps } from './github-write-deps.js';
import type { RenderContext } from './render/render-context.js';
import type { GithubUrls } from './urls.js';

/** One authenticated (or anonymous) GitHub API request, as route handlers see it. */
export interface GithubRequest {
  world: World;
  urls: GithubUrls;
  method: string;
  /** The path below the API base, e.g. `/repos/octocat/hello-world/commits`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body of a write (undefined when there was none). */
  body: unknown;
  viewer: Account | null;
  token: GithubToken | null;
  scopes: readonly string[];
  render: RenderContext;
  /** The caller's rate-limit bucket, without counting a request. */
  rateLimit(resource: RateResource): BucketState;
  /** Background work and webhooks of writes (reviews, review requests, re-runs). */
  actions: GithubWriteDeps;
}

/** What a handler answers before the common GitHub headers, ETag and rate limits are added. */
export interface GithubResult {
  status?: number;
  /** undefined: no body at all (204, 205). */
  body: unknown;
  link?: string | null;
  lastModified?: string;
  headers?: Record<string, string>;
}

export interface GithubRoute {
  /** Which rate-limit bucket the request counts against; `none` costs nothing (`/rate_limit`). */
  resource: 'core' | 'search' | 'none';
  /** `X-Accepted-OAuth-Scopes` for this endpoint. */
  acceptedScopes?: string;
  handler(request: GithubRequest): GithubResult | Promise<GithubResult>;
}
