import type { World } from '../data/world.js';
import { jsonReply, JSON_TYPE, type Reply } from '../http/reply.js';
import { Router } from '../http/router.js';
import type { Area, IncomingContext } from '../http/server.js';
import { getAuthUser } from './routes/user.js';
import {
  cancelDeployment,
  createDeployment,
  promoteDeployment,
  rollbackDeployment,
} from './routes/deployment-actions.js';
import { getDeployment, listDeployments } from './routes/deployments.js';
import { readBody } from '../http/read-body.js';
import { listDeploymentEvents } from './routes/events.js';
import { getProject, listProjects } from './routes/projects.js';
import { listTeams } from './routes/teams.js';
import { invalidToken, missingToken, VercelError } from './vercel-error.js';
import type {
  VercelActionDeps,
  VercelRequest,
  VercelResult,
  VercelRoute,
} from './vercel-request.js';

/** Vercel's API paths all start with a version segment such as `/v9/`. */
export const VERCEL_PATH = /^\/v\d+\//;

function vercelRouter(): Router<VercelRoute> {
  const router = new Router<VercelRoute>()
    .add('GET', '/v2/user', getAuthUser)
    .add('GET', '/v2/teams', listTeams)
    .add('GET', '/v13/deployments/:idOrUrl', getDeployment)
    .add('GET', '/v3/deployments/:idOrUrl/events', listDeploymentEvents)
    .add('POST', '/v13/deployments', createDeployment)
    .add('PATCH', '/v12/deployments/:id/cancel', cancelDeployment)
    .add('POST', '/v10/projects/:projectId/promote/:deploymentId', promoteDeployment);
  // The CLI calls /v9 for rollback; the docs and @vercel/sdk call /v1 (PROVIDERS.md §9.2).
  for (const version of ['v1', 'v9'])
    router.add(
      'POST',
      `/${version}/projects/:projectId/rollback/:deploymentId`,
      rollbackDeployment,
    );
  for (const version of ['v9', 'v10']) {
    router
      .add('GET', `/${version}/projects`, listProjects)
      .add('GET', `/${version}/projects/:idOrName`, getProject);
  }
  for (const version of ['v6', 'v7']) router.add('GET', `/${version}/deployments`, listDeployments);
  return router;
}

function errorReply(error: VercelError): Reply {
  return jsonReply(error.status, error.body(), error.headers);
}

function rateLimited(): VercelError {
  const reset = Math.ceil(Date.now() / 1000) + 60;
  return new VercelError(
    429,
    'rate_limited',
    'Rate limit exceeded',
    { limit: { remaining: 0, reset, resetMs: reset * 1000, total: 100 } },
    {
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(reset),
      'retry-after': '60',
    },
  );
}

function streamReply(
  result: VercelResult & { stream: NonNullable<VercelResult['stream']> },
): Reply {
  return {
    status: 200,
    headers: {
      'content-type': 'application/stream+json; charset=utf-8',
      'cache-control': 'no-cache',
    },
    body: null,
    stream: async (res) => {
      const controller = new AbortController();
      res.on('close', () => controller.abort());
      res.flushHeaders();
      await result.stream((line) => res.write(line), controller.signal);
      res.end();
    },
  };
}

/** A JSON body, or undefined when there is none; malformed JSON is Vercel's 400. */
async function jsonBody(ctx: IncomingContext): Promise<unknown> {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return undefined;
  const text = (await readBody(ctx.req)).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new VercelError(400, 'bad_request', 'Invalid JSON body.');
  }
}

export function vercelArea(world: World, actions: VercelActionDeps): Area {
  const router = vercelRouter();

  const resolveScope = (
    user: VercelRequest['user'],
    query: URLSearchParams,
  ): { accountId: string; teamId: string | null } => {
    const teamRef = query.get('teamId') ?? query.get('slug');
    if (teamRef === null || teamRef === '') return { accountId: user.uid, teamId: null };
    const team = world.vercel.teamByIdOrSlug(teamRef);
    if (!team || !team.members.some((m) => m.uid === user.uid))
      throw new VercelError(403, 'forbidden', 'Not authorized');
    return { accountId: team.id, teamId: team.id };
  };

  const handle = async (ctx: IncomingContext): Promise<Reply> => {
    const match = router.match(ctx.method, ctx.url.pathname);
    if (!match || 'methodNotAllowed' in match)
      return errorReply(new VercelError(404, 'not_found', 'The requested endpoint was not found.'));
    try {
      const header = ctx.req.headers.authorization;
      if (!header) throw missingToken();
      const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
      const token = bearer ? world.vercelTokens.get(bearer) : undefined;
      const user = token ? world.vercel.users.get(token.uid) : undefined;
      if (!user) throw invalidToken();
      ctx.log.actor = user.username;
      if (ctx.faults.rateLimit) throw rateLimited();
      const scope = match.handler.scoped
        ? resolveScope(user, ctx.url.searchParams)
        : { accountId: user.uid, teamId: null };
      const result = await match.handler.handler({
        world,
        user,
        ...scope,
        params: match.params,
        query: ctx.url.searchParams,
        body: await jsonBody(ctx),
        now: Date.now(),
        actions,
      });
      if (result.stream) return streamReply({ ...result, stream: result.stream });
      // Promote and rollback answer 201 with no body at all.
      if (result.body === undefined)
        return { status: result.status ?? 204, headers: { ...result.headers }, body: null };
      return {
        status: result.status ?? 200,
        headers: {
          'content-type': JSON_TYPE,
          'cache-control': 'private, no-cache',
          ...result.headers,
        },
        body: JSON.stringify(result.body),
      };
    } catch (error) {
      if (error instanceof VercelError) return errorReply(error);
      throw error;
    }
  };

  return {
    name: 'vercel',
    faultable: true,
    handle,
    errorReply: (status) =>
      errorReply(
        new VercelError(
          status,
          status === 503
            ? 'service_unavailable'
            : status === 403
              ? 'forbidden'
              : status === 404
                ? 'not_found'
                : status < 500
                  ? 'bad_request'
                  : 'internal_server_error',
          status < 500 ? 'The request was refused.' : 'An unexpected internal error occurred.',
        ),
      ),
  };
}
