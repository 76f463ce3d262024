import { emptyResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import {
  notificationIdParamsSchema,
  notificationsQuerySchema,
  notificationsResultSchema,
  unreadCountResultSchema,
} from '@shipdeck/shared/notifications';
import { paginate } from '@shipdeck/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { nowIso } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import {
  clearNotifications,
  countUnread,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../notifications.repository.js';
import { toNotificationDto } from '../to-notification-dto.js';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['notifications'];
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s notifications, newest first, with the unread count',
        security,
        querystring: notificationsQuerySchema,
        response: { 200: successEnvelope(notificationsResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { page, perPage, type } = request.query;
      const { rows, total, unread } = await listNotifications(app.db, user.id, {
        limit: perPage,
        offset: (page - 1) * perPage,
        type,
      });
      return ok({
        notifications: rows.map(toNotificationDto),
        pagination: paginate(page, perPage, total),
        unreadCount: unread,
      });
    },
  );

  app.post(
    '/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification as read',
        security,
        params: notificationIdParamsSchema,
        response: { 200: successEnvelope(unreadCountResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const found = await markNotificationRead(app.db, user.id, request.params.id, nowIso());
      if (!found) throw new AppError(404, 'NOT_FOUND', errorMessages.notFound);
      return ok({ unreadCount: await countUnread(app.db, user.id) });
    },
  );

  app.post(
    '/read-all',
    {
      schema: {
        tags,
        summary: 'Mark every notification as read',
        security,
        response: { 200: successEnvelope(unreadCountResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await markAllNotificationsRead(app.db, user.id, nowIso());
      return ok({ unreadCount: 0 });
    },
  );

  app.delete(
    '/',
    {
      schema: {
        tags,
        summary: 'Clear all notifications (a change already notified is not notified again)',
        security,
        response: { 200: successEnvelope(emptyResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await clearNotifications(app.db, user.id, nowIso());
      return ok({});
    },
  );
};
