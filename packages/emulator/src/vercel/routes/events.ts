import { once } from 'node:events';
import type { VercelDeployment } from '../../data/model.js';
import { buildEvents, type BuildEvent } from '../build-events.js';
import { queryNumber } from '../query-number.js';
import { badRequest } from '../vercel-error.js';
import type { VercelRequest, VercelRoute } from '../vercel-request.js';
import { scopedDeployment } from './deployments.js';

const TERMINAL = new Set(['READY', 'ERROR', 'CANCELED']);

function select(request: VercelRequest, events: BuildEvent[]): BuildEvent[] {
  const since = queryNumber(request.query, 'since');
  const until = queryNumber(request.query, 'until');
  const name = request.query.get('name');
  const limit = queryNumber(request.query, 'limit') ?? -1;
  const direction = request.query.get('direction') ?? 'forward';
  if (direction !== 'forward' && direction !== 'backward')
    throw badRequest('Invalid request: `direction` should be one of forward, backward.');
  let selected = events.filter(
    (e) =>
      (since === null || e.created > since) &&
      (until === null || e.created < until) &&
      (name === null || e.info.name === name),
  );
  if (direction === 'backward') selected = selected.reverse();
  return limit === -1 ? selected : selected.slice(0, Math.max(0, limit));
}

async function follow(
  request: VercelRequest,
  deployment: VercelDeployment,
  write: (line: string) => boolean,
  signal: AbortSignal,
): Promise<void> {
  let sent = 0;
  const flush = (): void => {
    const events = buildEvents(deployment, Date.now());
    for (const event of events.slice(sent)) write(`${JSON.stringify(event)}\n`);
    sent = Math.max(sent, events.length);
  };
  flush();
  while (!TERMINAL.has(deployment.state) && !signal.aborted) {
    try {
      await once(request.world.events, 'deployment', { signal });
    } catch {
      return;
    }
    flush();
  }
}

/** GET /v3/deployments/{idOrUrl}/events: a JSON array, or NDJSON while following (`follow=1`). */
export const listDeploymentEvents: VercelRoute = {
  scoped: true,
  handler(request) {
    const deployment = scopedDeployment(request);
    if (request.query.get('follow') === '1') {
      return { body: null, stream: (write, signal) => follow(request, deployment, write, signal) };
    }
    return { body: select(request, buildEvents(deployment, request.now)) };
  },
};
