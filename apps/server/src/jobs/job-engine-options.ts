import type { JobObserver, JobOutcome } from './job-queue.js';

/** The slice of a pino/Fastify logger the engines use. */
export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Settings both engines share (`JOBS_*` in the environment). */
export interface JobEngineOptions {
  /** How often an idle worker looks for due jobs and cron ticks. */
  pollIntervalMs: number;
  /** Jobs of one queue run at once per instance when `work` names no concurrency. */
  concurrency: number;
  /**
   * An active job older than this is taken for dead (its process crashed or hung) and counts as a
   * failed attempt; it is retried like any failure. Longer than the longest job must be.
   */
  expireInSeconds: number;
  logger: JobLogger;
}

/** The observers of one engine (`JobQueue.observe`). */
export class JobObservers {
  private readonly observers = new Set<JobObserver>();

  add(observer: JobObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** `startedAt` is a `performance.now()` reading taken as the attempt began. */
  report(queue: string, outcome: JobOutcome, startedAt: number): void {
    const report = { queue, outcome, durationSeconds: (performance.now() - startedAt) / 1000 };
    for (const observer of this.observers) {
      try {
        observer(report);
      } catch {
        // Counting an attempt must never change what happens to the job.
      }
    }
  }
}

export const defaultRetryLimit = 3;
export const defaultRetryDelaySeconds = 10;

/** Unpaired surrogates, which PostgreSQL refuses in text and jsonb (as it refuses NUL). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A failed job's message as the engines store it. A provider's malformed answer can put a NUL in
 * an error message (a JSON parser quoting the bytes), and storing it would fail the failure.
 */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replaceAll(String.fromCharCode(0), '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
}
