import type { FastifyInstance } from 'fastify';
import { findProviderToken } from '../connections/provider-tokens.repository.js';
import { VercelClient } from '../vercel-client/vercel-client.js';
import { findVercelConnection } from '../vercel-store/vercel-connections.repository.js';

/** A client acting as the user's connected Vercel account and team, or null if none is stored. */
export async function vercelClientFor(
  app: FastifyInstance,
  userId: string,
): Promise<VercelClient | null> {
  const [stored, connection] = await Promise.all([
    findProviderToken(app.db, userId, 'vercel'),
    findVercelConnection(app.db, userId),
  ]);
  if (!stored || !connection) return null;
  return new VercelClient(
    app.config.vercel,
    app.secrets.open(stored.token_sealed),
    connection.team_id,
  );
}
