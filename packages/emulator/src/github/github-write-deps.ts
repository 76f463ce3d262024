import type { ActivityContext } from '../activity/activity-context.js';
import type { CheckRerunSettings } from '../activity/check-rerun-settings.js';

/** What GitHub writes need beyond the world: work finished after answering, and its webhooks. */
export interface GithubWriteDeps {
  /**
   * Runs the part of a write GitHub does after its answer (webhook deliveries, re-run checks
   * moving through their states), tracked like live activity so `close` waits for it.
   */
  background(work: (ctx: ActivityContext) => Promise<void>): void;
  /** Read at each re-run: the admin API may change it between runs. */
  checkReruns(): CheckRerunSettings;
}
