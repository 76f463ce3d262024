import type { VercelConnection } from '@shipdeck/shared/vercel';
import { vercelMessages } from '@shipdeck/shared/vercel-constants';

/** The Settings line for Vercel, from what the server reports. */
export function vercelConnectionDetail(connection: VercelConnection): string {
  if (!connection) return vercelMessages.notConnected;
  if (connection.status === 'reconnect') return vercelMessages.reconnect;
  const scope = connection.teamId
    ? ` (team ${connection.teamName ?? connection.teamSlug ?? connection.teamId})`
    : '';
  const via = connection.source === 'server' ? ' with the server account' : '';
  return `Connected as ${connection.username}${scope}${via}. Projects and deployments come from here.`;
}
