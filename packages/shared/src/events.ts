import { z } from 'zod';
import { notificationSchema } from './notifications.js';

/** Which cached data a change touches; the browser invalidates the queries under it. */
export const changedResourceSchema = z.enum([
  'repositories',
  'repository',
  'pull-requests',
  'commits',
  'deployments',
  'projects',
  'stats',
  'teams',
]);
export type ChangedResource = z.infer<typeof changedResourceSchema>;

export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification.created'), notification: notificationSchema }),
  z.object({
    type: z.literal('data.changed'),
    resources: z.array(changedResourceSchema),
    /** `owner/name` when the change concerns one repository. */
    repository: z.string().optional(),
  }),
  z.object({
    type: z.literal('sync.progress'),
    provider: z.enum(['github', 'vercel']),
    phase: z.string().nullable(),
    done: z.number().int().nullable(),
    total: z.number().int().nullable(),
  }),
  /**
   * The account's sessions ended (an admin disabled it, or its password was reset): the stream
   * closes after this, and the tab goes to /login.
   */
  z.object({ type: z.literal('session.revoked') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];

export const eventTicketResultSchema = z.object({
  ticket: z.string(),
  expiresInSeconds: z.number().int(),
});
export type EventTicketResult = z.infer<typeof eventTicketResultSchema>;

export const eventsQuerySchema = z.object({
  ticket: z.string().min(1).max(200),
  /** The last event id seen, for a new connection that cannot send the Last-Event-ID header. */
  lastEventId: z.coerce.number().int().min(0).optional(),
});

export const EVENT_TICKET_TTL_SECONDS = 60;
export const EVENT_HEARTBEAT_MS = 15_000;
