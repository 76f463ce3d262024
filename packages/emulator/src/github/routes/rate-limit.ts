import type { GithubRoute } from '../github-request.js';
import type { BucketState } from '../rate-limiter.js';

function bucket(state: BucketState): Record<string, number> {
  return { limit: state.limit, used: state.used, remaining: state.remaining, reset: state.reset };
}

/** GET /rate_limit: costs nothing; shows the caller's core and search buckets. */
export const getRateLimit: GithubRoute = {
  resource: 'none',
  handler(request) {
    const core = bucket(request.rateLimit('core'));
    const search = bucket(request.rateLimit('search'));
    return {
      body: {
        resources: {
          core,
          search,
          graphql: { limit: core.limit, used: 0, remaining: core.limit, reset: core.reset },
          code_search: { limit: 10, used: 0, remaining: 10, reset: search.reset },
        },
        rate: core,
      },
    };
  },
};
