import type { BuildLogLine } from '@shipdeck/shared/vercel';
import { buildLogLineSchema } from '@shipdeck/shared/vercel';
import { vercelLimits } from '@shipdeck/shared/vercel-constants';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nowIso } from '../../lib/clock.js';
import { VercelApiError } from '../vercel-client/vercel-client.js';
import { markVercelConnection } from '../vercel-store/vercel-connections.repository.js';
import { vercelClientFor } from './vercel-credentials.js';
import type { DeploymentRow } from '../vercel-store/vercel-read.repository.js';
import { saveBuildLog } from '../vercel-store/vercel-store.repository.js';

const FINISHED = new Set(['READY', 'ERROR', 'CANCELED']);
const storedLog = z.array(buildLogLineSchema);

/**
 * The last lines of a deployment's build log. Fetched from `/v3/deployments/{id}/events` the
 * first time someone opens the deployment and kept: a finished build's log never changes, so
 * only an unfinished one is fetched again. While Vercel cannot be asked, the log as last fetched,
 * or null when there is none (the page says so).
 */
export async function buildLogFor(
  app: FastifyInstance,
  userId: string,
  row: DeploymentRow,
): Promise<BuildLogLine[] | null> {
  const kept = row.build_log === null ? null : storedLog.safeParse(JSON.parse(row.build_log));
  const lastGood = kept?.success ? kept.data : null;
  if (lastGood && FINISHED.has(row.state)) return lastGood;
  const client = await vercelClientFor(app, userId);
  if (!client) return lastGood;
  try {
    const events = await client.buildEvents(row.id, vercelLimits.buildLogLines * 3);
    const lines = events
      .filter((event) => typeof event.text === 'string' && event.text.length > 0)
      .sort((a, b) => a.created - b.created)
      .slice(-vercelLimits.buildLogLines)
      .map((event) => ({
        type: event.type,
        text: event.text ?? '',
        level: event.level ?? null,
        createdAt: new Date(event.created).toISOString(),
      }));
    await saveBuildLog(app.db, userId, row.id, lines, nowIso());
    return lines;
  } catch (error) {
    // A refused token asks for Reconnect now, not only at the next background sync.
    if (error instanceof VercelApiError && error.kind === 'invalid-token') {
      await markVercelConnection(app.db, userId, 'reconnect');
    }
    app.log.warn({ deploymentId: row.id, err: error }, 'Vercel build log unavailable');
    // An unfinished build's log as last fetched beats none while Vercel is failing.
    return lastGood;
  }
}
