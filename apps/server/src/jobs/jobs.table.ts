/** The states pg-boss uses, so both engines read alike; `created` and `retry` are the queued ones. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** One job of the SQLite engine (PostgreSQL keeps its jobs in pg-boss's own tables). */
export interface JobsTable {
  id: string;
  queue: string;
  state: JobState;
  /** JSON. */
  data: string;
  singleton_key: string | null;
  /** Higher runs first. */
  priority: number;
  /** Failed attempts so far. */
  retry_count: number;
  retry_limit: number;
  retry_delay_seconds: number;
  /** ISO time before which the job is not claimed. */
  run_at: string;
  /** ISO time of the current (or last) claim; it identifies the attempt. */
  started_at: string | null;
  /** ISO time after which an active job is taken for dead (its process crashed). */
  expires_at: string | null;
  completed_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** One cron schedule per queue; `last_slot_at` is the tick that already queued its job. */
export interface JobSchedulesTable {
  queue: string;
  cron: string;
  /** JSON. */
  data: string;
  last_slot_at: string;
}

/**
 * The PostgreSQL engine's record of which job ids pg-boss gave a key: pg-boss 10 finds a job only
 * by its id, so this is how `cancelByKey` reaches a key's jobs without reading pg-boss's tables.
 */
export interface JobKeysTable {
  queue: string;
  job_id: string;
  singleton_key: string;
  /** ISO; records older than any job can live are pruned. */
  created_at: string;
}
