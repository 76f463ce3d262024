export type RateResource = 'core' | 'search';

export interface RateLimitConfig {
  /** Requests per window for a user token (GitHub: 5,000 per hour). */
  core: number;
  /** Searches per window for a user token (GitHub: 30 per minute). */
  search: number;
  unauthenticatedCore: number;
  unauthenticatedSearch: number;
  coreWindowMs: number;
  searchWindowMs: number;
}

export const GITHUB_RATE_LIMITS: RateLimitConfig = {
  core: 5000,
  search: 30,
  unauthenticatedCore: 60,
  unauthenticatedSearch: 10,
  coreWindowMs: 3_600_000,
  searchWindowMs: 60_000,
};

export interface BucketState {
  limit: number;
  remaining: number;
  used: number;
  /** Epoch seconds when the window resets. */
  reset: number;
  resource: RateResource;
}

interface Bucket {
  used: number;
  windowEnds: number;
}

/** Fixed-window counters per user (or per client address when unauthenticated). */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly clock: () => number = Date.now,
  ) {}

  private limitOf(resource: RateResource, authenticated: boolean): number {
    if (resource === 'search')
      return authenticated ? this.config.search : this.config.unauthenticatedSearch;
    return authenticated ? this.config.core : this.config.unauthenticatedCore;
  }

  private bucket(key: string, resource: RateResource): Bucket {
    const id = `${resource}:${key}`;
    const now = this.clock();
    let bucket = this.buckets.get(id);
    if (!bucket || bucket.windowEnds <= now) {
      bucket = {
        used: 0,
        windowEnds:
          now + (resource === 'search' ? this.config.searchWindowMs : this.config.coreWindowMs),
      };
      this.buckets.set(id, bucket);
    }
    return bucket;
  }

  peek(key: string, resource: RateResource, authenticated: boolean): BucketState {
    const bucket = this.bucket(key, resource);
    const limit = this.limitOf(resource, authenticated);
    const used = Math.min(bucket.used, limit);
    return {
      limit,
      used,
      remaining: limit - used,
      reset: Math.ceil(bucket.windowEnds / 1000),
      resource,
    };
  }

  /** Counts one request; returns the state after counting. */
  consume(key: string, resource: RateResource, authenticated: boolean): BucketState {
    this.bucket(key, resource).used += 1;
    return this.peek(key, resource, authenticated);
  }

  /** Uses up a bucket (or every bucket of `key`), for tests of rate-limit handling. */
  exhaust(key: string, resource: RateResource, authenticated: boolean): void {
    this.bucket(key, resource).used = this.limitOf(resource, authenticated);
  }

  reset(): void {
    this.buckets.clear();
  }
}
