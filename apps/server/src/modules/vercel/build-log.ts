import type { BuildLogLine } from '@shipdeck/shared/vercel';
import { buildLogLineSchema, vercelLimits } from '@shipdeck/shared/vercel';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nowIso } from '../../lib/clock.js';
import { vercelClientFor } from './vercel-credentials.js';
import type { DeploymentRow } from './vercel-read.repository.js';
import { saveBuildLog } from './vercel-store.repository.js';

const FINISHED = new Set(['READY', 'ERROR', 'CANCELED']);
const storedLog = z.array(buildLogLineSchema);

/**
 * The last lines of a deployment's build log. Fetched from `/v3/deployments/{id}/events` the
 * first time someone opens the deployment and kept: a finished build's log never changes, so
 * only an unfinished one is fetched again. Null when Vercel cannot be asked (the page says so).
 */
export async function buildLogFor(
  app: FastifyInstance,
  userId: string,
  row: DeploymentRow,
): Promise<BuildLogLine[] | null> {
  if (row.build_log !== null && FINISHED.has(row.state)) {
    const kept = storedLog.safeParse(JSON.parse(row.build_log));
    if (kept.success) return kept.data;
  }
  const client = await vercelClientFor(app, userId);
  if (!client) return null;
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
    app.log.warn({ deploymentId: row.id, err: error }, 'Vercel build log unavailable');
    return null;
  }
}
