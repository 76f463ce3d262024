import type { FastifyInstance } from 'fastify';
import { pruneOldRows } from './prune-old-rows.js';
import { PRUNE_CRON } from './retention-constants.js';

export const PRUNE_QUEUE = 'prune-old-rows';

/** One cron job for every instance (the engine queues one per tick); deleting twice is harmless. */
export async function registerPruneJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work(PRUNE_QUEUE, async () => {
    const pruned = await pruneOldRows(app.db, new Date());
    app.log.info(pruned, 'Pruned old rows');
  });
  await app.jobs.schedule(PRUNE_QUEUE, PRUNE_CRON);
}
