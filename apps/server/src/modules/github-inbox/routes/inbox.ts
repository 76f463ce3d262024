import { emptyResultSchema } from '@shipdeck/shared/auth';
import { successEnvelope } from '@shipdeck/shared/api-envelope';
import {
  doneMergedClosedResultSchema,
  notificationIdParamsSchema,
  notificationsQuerySchema,
  notificationsResultSchema,
  unreadCountResultSchema,
} from '@shipdeck/shared/notifications';
import { paginate } from '@shipdeck/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nowIso } from '../../../lib/clock.js';
import { ok } from '../../../lib/reply.js';
import { requireAuth } from '../../auth/authenticate.js';
import { clearNotifications } from '../../notifications/notifications.repository.js';
import {
  doneMergedAndClosed,
  markAllItemsRead,
  markItemDone,
  markItemRead,
  muteItem,
  parseItemId,
  unreadCountOf,
} from '../inbox-actions.js';
import { deleteGithubInbox, findPollState } from '../github-inbox.repository.js';
import { inboxAccess } from '../inbox-access.js';
import { inboxPollDue, requestInboxPoll } from '../inbox-jobs.js';
import { countInboxUnread, listInbox } from '../merged-inbox.repository.js';

/**
 * The inbox (issue 28): Shipdeck's own events and the user's GitHub notification threads, merged.
 * Reads answer from the store; each action on a GitHub item writes to GitHub first.
 */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['notifications'];
  const unreadCount = { 200: successEnvelope(unreadCountResultSchema) };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'The inbox: GitHub notification threads and Shipdeck’s events, newest first, with filters, unread counts per filter value and the bell’s count',
        security,
        querystring: notificationsQuerySchema,
        response: { 200: successEnvelope(notificationsResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { page, perPage, ...filters } = request.query;
      const access = await inboxAccess(app, user.id);
      if (access.state === 'not-connected') {
        // GitHub was disconnected: what was read from it goes now rather than at the due pass.
        if (await findPollState(app.db, user.id)) await deleteGithubInbox(app.db, user.id);
      } else if (await inboxPollDue(app, user.id)) {
        // The store answers; a poll that is due is asked for, never waited on.
        await requestInboxPoll(app, user.id);
      }
      const inbox = await listInbox(app.db, user.id, {
        ...filters,
        includeGithub: access.showThreads,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return ok({
        notifications: inbox.items,
        pagination: paginate(page, perPage, inbox.total),
        unreadCount: inbox.unreadCount,
        facets: inbox.facets,
        githubInbox: access.state,
      });
    },
  );

  app.get(
    '/unread-count',
    {
      schema: {
        tags,
        summary: 'The bell’s count: unread items of both sources',
        security,
        response: unreadCount,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const access = await inboxAccess(app, user.id);
      return ok({ unreadCount: await countInboxUnread(app.db, user.id, access.showThreads) });
    },
  );

  app.post(
    '/:id/read',
    {
      schema: {
        tags,
        summary:
          'Mark one item read (a GitHub item: PATCH /notifications/threads/{id} on GitHub first)',
        security,
        params: notificationIdParamsSchema,
        response: unreadCount,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await markItemRead(app, user, parseItemId(request.params.id), nowIso());
      return ok({ unreadCount: await unreadCountOf(app, user.id) });
    },
  );

  app.post(
    '/:id/done',
    {
      schema: {
        tags,
        summary:
          'Mark one item done: it leaves the inbox (a GitHub item: DELETE /notifications/threads/{id} on GitHub first)',
        security,
        params: notificationIdParamsSchema,
        response: unreadCount,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await markItemDone(app, user, parseItemId(request.params.id), nowIso());
      return ok({ unreadCount: await unreadCountOf(app, user.id) });
    },
  );

  app.post(
    '/:id/mute',
    {
      schema: {
        tags,
        summary:
          'Mute a GitHub thread (PUT …/subscription {ignored: true}, then mark it read), on GitHub first',
        security,
        params: notificationIdParamsSchema,
        response: unreadCount,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await muteItem(app, user, parseItemId(request.params.id), nowIso());
      return ok({ unreadCount: await unreadCountOf(app, user.id) });
    },
  );

  app.post(
    '/read-all',
    {
      schema: {
        tags,
        summary:
          'Mark every item read (GitHub: PUT /notifications with the newest thread’s time, first)',
        security,
        response: unreadCount,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await markAllItemsRead(app, user, nowIso());
      return ok({ unreadCount: await unreadCountOf(app, user.id) });
    },
  );

  app.post(
    '/done-merged-closed',
    {
      schema: {
        tags,
        summary:
          'Mark done every GitHub thread whose pull request was merged or closed since it arrived',
        security,
        response: { 200: successEnvelope(doneMergedClosedResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const done = await doneMergedAndClosed(app, user);
      return ok({ done, unreadCount: await unreadCountOf(app, user.id) });
    },
  );

  app.delete(
    '/',
    {
      schema: {
        tags,
        summary:
          'Clear Shipdeck’s own items (a change already notified is not notified again); GitHub threads stay until marked done',
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
