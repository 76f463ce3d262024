import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { RetryLaterError } from '../../jobs/job-queue.js';
import { RateLimitWait } from '../github-client/rate-limit-wait.js';
import type { SyncStateKey } from '../connections/sync-state.repository.js';
import {
  findSyncState,
  saveSyncCursor,
  updateSyncState,
} from '../connections/sync-state.repository.js';
import type { SyncStateRow } from '../connections/sync-state.repository.js';
import { REFRESH_EVERY_MS } from './sync-constants.js';
import type { SyncContext } from './sync-context.js';
import { syncStateKey } from './sync-context.js';

/**
 * Where a sync stands, kept in the store so that a job stopped by a rate limit (or a process that
 * died) goes on from there, on any instance, instead of starting again (issue 33). The account's
 * row holds the run; each phase's row holds its own cursor, tagged with the run it belongs to, so
 * a cursor of an earlier run is never taken for this one's.
 */
const waitSchema = z.object({
  limit: z.enum(['core', 'search', 'graphql', 'secondary']),
  until: z.string(),
});
export type SyncWait = z.infer<typeof waitSchema>;

const runSchema = z.object({
  /** The run's start: its identity, and the confirmation time of everything it reads. */
  run: z.string(),
  full: z.boolean(),
  wait: waitSchema.nullable().optional(),
});
export type RunCursor = z.infer<typeof runSchema>;

/** The run recorded on the account's row, or null (none under way, or unreadable). */
export function runCursorOf(state: SyncStateRow | undefined): RunCursor | null {
  if (!state?.cursor) return null;
  try {
    const parsed = runSchema.safeParse(JSON.parse(state.cursor));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The phase cursor stored on `resource`'s row if it belongs to this run. */
export async function readPhaseCursor<T>(
  ctx: SyncContext,
  resource: string,
  schema: z.ZodType<T>,
): Promise<{ cursor: T | null; state: SyncStateRow | undefined }> {
  const state = await findSyncState(ctx.app.db, syncStateKey(ctx.userId, resource));
  return { cursor: parseCursor(state, schema, ctx.startedAt), state };
}

/** Any stored cursor of `resource`, whichever run wrote it (a high-water mark outlives its run). */
export function parseCursor<T>(
  state: SyncStateRow | undefined,
  schema: z.ZodType<T>,
  run?: string,
): T | null {
  if (!state?.cursor) return null;
  try {
    const raw: unknown = JSON.parse(state.cursor);
    if (run !== undefined && (typeof raw !== 'object' || raw === null || !('run' in raw))) {
      return null;
    }
    if (run !== undefined && (raw as { run: unknown }).run !== run) return null;
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A phase's cursor (and the validators read with it); the pages show none of it. */
export async function writePhaseCursor(
  db: Db,
  ctx: Pick<SyncContext, 'userId'>,
  resource: string,
  cursor: object | null,
  extra: Omit<Parameters<typeof saveSyncCursor>[2], 'cursor'> = {},
): Promise<void> {
  await saveSyncCursor(db, syncStateKey(ctx.userId, resource), {
    ...extra,
    cursor: cursor === null ? null : JSON.stringify(cursor),
  });
}

/** What a stopped sync waits for and until when, while that time is still ahead. */
export function waitOf(state: SyncStateRow | undefined, now = new Date()): SyncWait | null {
  if (!state?.cursor) return null;
  try {
    const parsed = z
      .object({ wait: waitSchema.nullable().optional() })
      .safeParse(JSON.parse(state.cursor));
    const wait = parsed.success ? parsed.data.wait : null;
    return wait && Date.parse(wait.until) > now.getTime() ? wait : null;
  } catch {
    return null;
  }
}

/**
 * A rate limit stopped the run (`run`; null for the ship-status pass, which keeps its own
 * cursor): the status says what it waits for and until when, the last error stays empty
 * (nothing failed), and the periodic refresh queues nothing before the job put back for then has
 * gone on.
 */
export async function recordWait(
  db: Db,
  account: SyncStateKey,
  run: RunCursor | null,
  error: RetryLaterError,
): Promise<void> {
  const until =
    error instanceof RateLimitWait ? error.until : new Date(Date.now() + error.seconds * 1000);
  const limit = error instanceof RateLimitWait ? error.resource : 'core';
  await updateSyncState(db, account, {
    last_error: null,
    cursor: JSON.stringify({ ...run, wait: { limit, until: until.toISOString() } }),
    next_due_at: new Date(until.getTime() + REFRESH_EVERY_MS).toISOString(),
  });
}
