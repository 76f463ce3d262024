import { z } from 'zod';
import { NOTIFICATION_TYPES } from './notification-constants.js';
import { paginationSchema, pageQuerySchema } from './pagination.js';

/** Every kind of item the notification centre holds; each comes from an observed change. */
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSeveritySchema = z.enum(['critical', 'high', 'medium', 'low']);
export type NotificationSeverity = z.infer<typeof notificationSeveritySchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  severity: notificationSeveritySchema,
  /** An app path (`/repo/o/r`) or an external URL; null when the item points nowhere. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = pageQuerySchema.extend({
  type: notificationTypeSchema.optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationsResultSchema = z.object({
  notifications: z.array(notificationSchema),
  pagination: paginationSchema,
  unreadCount: z.number().int(),
});
export type NotificationsResult = z.infer<typeof notificationsResultSchema>;

export const notificationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const unreadCountResultSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCountResult = z.infer<typeof unreadCountResultSchema>;
