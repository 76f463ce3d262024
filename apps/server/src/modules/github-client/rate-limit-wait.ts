import { RetryLaterError } from '../../jobs/job-queue.js';

/** What a sync can wait for: one of GitHub's rate-limit resources, or a secondary limit. */
export type RateLimitResource = 'core' | 'search' | 'graphql' | 'secondary';

/**
 * A rate limit reached, or about to be: the job waits until `until` and goes on from its stored
 * cursor. A wait, not a failure: the sync status names what it waits for and until when, and
 * leaves `last_error` empty.
 */
export class RateLimitWait extends RetryLaterError {
  override name = 'RateLimitWait';
  constructor(
    readonly resource: RateLimitResource,
    readonly until: Date,
  ) {
    super(
      Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)),
      `waiting for GitHub's ${resource} limit`,
    );
  }
}
