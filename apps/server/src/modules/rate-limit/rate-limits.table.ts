/** Fixed-window counters shared by every app instance through the database. */
export interface RateLimitsTable {
  key: string;
  /** Epoch seconds at which the current window ends and the count starts again. */
  reset_at: number;
  count: number;
}
