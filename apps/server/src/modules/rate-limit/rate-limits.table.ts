/** Fixed-window counters shared by every app instance through the database. */
export interface RateLimitsTable {
  key: string;
  window_id: number;
  count: number;
}
