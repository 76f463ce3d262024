import { AUDIT_PAGE_SIZE, auditPageSchema, auditQuerySchema } from '@shipdeck/shared/admin';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { listAuditEntries, toAuditEntryDto } from '../../audit/audit-log.repository.js';
import { administratorOf } from '../administrator-of.js';

/** The cursor names the last entry shown: its time and id, base64url so it is one opaque word. */
function encodeCursor(entry: { at: string; id: string }): string {
  return Buffer.from(`${entry.at}|${entry.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || Number.isNaN(Date.parse(at))) {
    throw new AppError(400, 'VALIDATION_ERROR', 'The cursor is not valid', [
      { field: 'querystring.cursor', message: 'The cursor is not valid' },
    ]);
  }
  return { at, id };
}

export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first, a page at a time (?cursor= from the last page)',
        security: [{ bearerAuth: [] }],
        querystring: auditQuerySchema,
        response: { 200: successEnvelope(auditPageSchema) },
      },
    },
    async (request) => {
      administratorOf(request);
      const before = request.query.cursor ? decodeCursor(request.query.cursor) : null;
      const rows = await listAuditEntries(app.db, AUDIT_PAGE_SIZE + 1, before);
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const last = page.at(-1);
      return ok({
        entries: page.map(toAuditEntryDto),
        nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last) : null,
      });
    },
  );
};
