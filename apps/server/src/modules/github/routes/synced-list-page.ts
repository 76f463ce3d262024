import type { SyncResult } from '@shipdeck/shared/github';
import type { Pagination } from '@shipdeck/shared/pagination';
import { paginate } from '@shipdeck/shared/pagination';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../../auth/authenticate.js';
import { syncedContext } from '../../github-sync/synced-answer.js';
import { keepAnswer, sendCachedAnswer } from '../../answer-cache/answer-cache-plugin.js';

export interface SyncedListPage<Row> {
  status: SyncResult;
  userId: string;
  rows: Row[];
  pagination: Pagination;
}

/**
 * What every store-backed list route does around its query. Null when the answer cache has
 * already sent the answer; otherwise the sync status and one page of rows, with the answer kept
 * for reuse until the next refresh.
 */
export async function readSyncedListPage<Row>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  page: { page: number; perPage: number },
  readRows: (userId: string) => Promise<{ rows: Row[]; total: number }>,
): Promise<SyncedListPage<Row> | null> {
  const auth = requireAuth(request);
  const { user } = auth;
  if (sendCachedAnswer(app, request, reply, auth)) return null;
  // The sync state and the list are read at once: on PostgreSQL, on separate connections.
  const [{ status, reusableUntil }, { rows, total }] = await Promise.all([
    syncedContext(app, user),
    readRows(user.id),
  ]);
  keepAnswer(request, auth, reusableUntil);
  return { status, userId: user.id, rows, pagination: paginate(page.page, page.perPage, total) };
}
