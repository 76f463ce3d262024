import { userResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import {
  vercelConnectBodySchema,
  vercelCredentialsSchema,
  vercelOptionsSchema,
  vercelTeamsResultSchema,
} from '@shipdeck/shared/vercel';
import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { nowIso } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { toUserDto } from '../../auth/to-user-dto.js';
import { saveProviderToken } from '../../connections/provider-tokens.repository.js';
import { settleConnectVercelPrompt } from '../../notifications/welcome-notifications.js';
import { VercelApiError, VercelClient } from '../../vercel-client/vercel-client.js';
import { vercelConnectionOf } from '../../vercel-store/vercel-connection-dto.js';
import {
  deleteVercelData,
  findVercelConnection,
  saveVercelConnection,
} from '../../vercel-store/vercel-connections.repository.js';
import { errorMessages } from '@shipdeck/shared/messages';
import type { UserRow } from '../../auth/users.table.js';
import { recordRequestAudit } from '../../audit/record-audit.js';
import { serverVercelRightOf } from '../../instance-settings/server-vercel-access.js';
import { requestVercelSync } from '../vercel-sync-jobs.js';

/**
 * The token the request names: pasted, or the server's own (which never leaves the server, and
 * which a member may use only while an admin allows it).
 */
async function chooseToken(
  app: FastifyInstance,
  user: UserRow,
  body: { token?: string | undefined; useServerAccount?: boolean | undefined },
): Promise<{ token: string; source: 'token' | 'server' }> {
  if (body.useServerAccount) {
    const serverToken = app.config.vercel.serverToken;
    if (!serverToken) {
      throw new AppError(400, 'VALIDATION_ERROR', vercelMessages.serverAccountMissing, [
        { field: 'body.useServerAccount', message: vercelMessages.serverAccountMissing },
      ]);
    }
    if ((await serverVercelRightOf(app, user.role)) === 'none') {
      throw new AppError(403, 'FORBIDDEN', errorMessages.serverVercelOff);
    }
    return { token: serverToken, source: 'server' };
  }
  return { token: body.token ?? '', source: 'token' };
}

/** Asks Vercel who the token belongs to; a refused token is the user's mistake, so 400. */
async function identify(client: VercelClient): Promise<{ id: string; username: string }> {
  try {
    return await client.user();
  } catch (error) {
    if (error instanceof VercelApiError && ['invalid-token', 'forbidden'].includes(error.kind)) {
      throw new AppError(400, 'VALIDATION_ERROR', vercelMessages.tokenInvalid, [
        { field: 'body.token', message: vercelMessages.tokenInvalid },
      ]);
    }
    throw new AppError(503, 'PROVIDER_ERROR', vercelMessages.unavailable);
  }
}

async function listTeams(client: VercelClient) {
  try {
    return await client.teams();
  } catch {
    throw new AppError(503, 'PROVIDER_ERROR', vercelMessages.unavailable);
  }
}

export const vercelConnectRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/vercel/options',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Whether the server offers its own Vercel account (the demo account in demo mode)',
        security,
        response: { 200: successEnvelope(vercelOptionsSchema) },
      },
    },
    async (request) => {
      const right = await serverVercelRightOf(app, requireAuth(request).user.role);
      return ok({
        serverAccount: app.config.vercel.serverToken !== null && right !== 'none',
        serverAccountCanAct: app.config.vercel.serverToken !== null && right === 'act',
        demoMode: app.config.demoMode,
      });
    },
  );

  // POST, not GET: the token travels in the body, never in a URL that could be logged.
  app.post(
    '/vercel/teams',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Check a Vercel token and list its teams, storing nothing',
        security,
        body: vercelCredentialsSchema,
        response: { 200: successEnvelope(vercelTeamsResultSchema) },
      },
    },
    async (request) => {
      const { token } = await chooseToken(app, requireAuth(request).user, request.body);
      const client = new VercelClient(app.config.vercel, token, null);
      const account = await identify(client);
      const teams = await listTeams(client);
      return ok({ username: account.username, teams });
    },
  );

  app.put(
    '/vercel',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Connect a Vercel account (and optionally one of its teams) after checking it',
        security,
        body: vercelConnectBodySchema,
        response: { 200: successEnvelope(userResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { token, source } = await chooseToken(app, user, request.body);
      const teamId =
        request.body.teamId ??
        (source === 'server' ? (app.config.vercel.serverTeamId ?? undefined) : undefined);
      const client = new VercelClient(app.config.vercel, token, null);
      const account = await identify(client);
      const team = teamId
        ? (await listTeams(client)).find((t) => t.id === teamId || t.slug === teamId)
        : null;
      if (teamId && !team) {
        throw new AppError(400, 'VALIDATION_ERROR', vercelMessages.teamNotFound, [
          { field: 'body.teamId', message: vercelMessages.teamNotFound },
        ]);
      }
      await app.db.transaction().execute(async (trx) => {
        // A different account or team starts from an empty store: nothing of the old one stays.
        await deleteVercelData(trx, user.id);
        await saveProviderToken(trx, {
          userId: user.id,
          provider: 'vercel',
          sealed: app.secrets.seal(token),
          scopes: [],
        });
        await saveVercelConnection(trx, {
          user_id: user.id,
          source,
          account_id: account.id,
          username: account.username,
          team_id: team?.id ?? null,
          team_slug: team?.slug ?? null,
          team_name: team?.name ?? null,
          status: 'connected',
          connected_at: nowIso(),
        });
      });
      await settleConnectVercelPrompt(app, user.id);
      await requestVercelSync(app, user.id, 'initial');
      await recordRequestAudit(app.db, request, {
        action: 'vercel.connected',
        target: {
          type: 'connection',
          id: null,
          label: `Vercel ${account.username}${team ? ` (${team.slug})` : ''}`,
        },
        details: { serverAccount: source === 'server', team: team?.slug ?? null },
      });
      return ok({ user: toUserDto(user, await vercelConnectionOf(app, user)) });
    },
  );

  app.delete(
    '/vercel',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Disconnect Vercel: forget the token and every synced Vercel row of this user',
        security,
        response: { 200: successEnvelope(userResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const connection = await findVercelConnection(app.db, user.id);
      await app.db.transaction().execute((trx) => deleteVercelData(trx, user.id));
      if (connection) {
        await recordRequestAudit(app.db, request, {
          action: 'vercel.disconnected',
          target: { type: 'connection', id: null, label: `Vercel ${connection.username}` },
          details: { serverAccount: connection.source === 'server' },
        });
      }
      return ok({ user: toUserDto(user, null) });
    },
  );
};
