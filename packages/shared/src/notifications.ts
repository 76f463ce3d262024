import { z } from 'zod';
import { shipStatusSchema } from './insights.js';
import {
  GITHUB_INBOX_STATES,
  NOTIFICATION_SOURCES,
  NOTIFICATION_TYPES,
} from './notification-constants.js';
import { paginationSchema, pageQuerySchema } from './pagination.js';

/** Every kind of item the notification centre holds; each comes from an observed change. */
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSeveritySchema = z.enum(['critical', 'high', 'medium', 'low']);
export type NotificationSeverity = z.infer<typeof notificationSeveritySchema>;

export const notificationSourceSchema = z.enum(NOTIFICATION_SOURCES);

/** A GitHub item's pull request, when its subject is one: enough to show ship status and to tell whether it has closed. */
export const notificationPullRequestSchema = z.object({
  number: z.number().int(),
  state: z.enum(['open', 'closed', 'merged']),
  /** From the synced store; null until a sync has derived it. */
  shipStatus: shipStatusSchema.nullable(),
});

/**
 * One inbox item. GitHub threads and Shipdeck's own events share this shape; a GitHub item's id is
 * `github-<thread id>`, so both kinds are addressed by the same routes.
 */
export const notificationSchema = z.object({
  id: z.string(),
  source: notificationSourceSchema,
  /** Shipdeck's kind of event; null for a GitHub thread (whose kind is its `reason`). */
  type: notificationTypeSchema.nullable(),
  /** GitHub's reason (`review_requested`, `ci_activity`, ...); null for Shipdeck's events. */
  reason: z.string().nullable(),
  /** `owner/name`, when the item concerns one repository. */
  repository: z.string().nullable(),
  /** GitHub's subject type (`PullRequest`, `Issue`, `CheckSuite`, ...); null for Shipdeck's events. */
  subjectType: z.string().nullable(),
  pullRequest: notificationPullRequestSchema.nullable(),
  title: z.string(),
  message: z.string(),
  severity: notificationSeveritySchema,
  /**
   * An app path (`/repo/o/r`) or an external URL; for a GitHub item the subject's page on the
   * configured GitHub server; null when the item points nowhere.
   */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const notificationsQuerySchema = pageQuerySchema.extend({
  type: notificationTypeSchema.optional(),
  source: notificationSourceSchema.optional(),
  reason: z.string().min(1).max(60).optional(),
  /** `owner/name`. */
  repository: z.string().min(1).max(200).optional(),
  unread: booleanQuery.optional(),
});
export type NotificationsQueryInput = z.input<typeof notificationsQuerySchema>;

/** One filter value and how many unread items it holds. */
export const notificationFacetSchema = z.object({ value: z.string(), unread: z.number().int() });
export type NotificationFacet = z.infer<typeof notificationFacetSchema>;

/** Unread counts per filter value, over the whole inbox (not just the page). */
export const notificationFacetsSchema = z.object({
  sources: z.array(notificationFacetSchema),
  reasons: z.array(notificationFacetSchema),
  repositories: z.array(notificationFacetSchema),
});
export type NotificationFacets = z.infer<typeof notificationFacetsSchema>;
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationsResultSchema = z.object({
  notifications: z.array(notificationSchema),
  pagination: paginationSchema,
  /** Unread items from both sources: the bell's count. */
  unreadCount: z.number().int(),
  facets: notificationFacetsSchema,
  githubInbox: z.enum(GITHUB_INBOX_STATES),
});
export type NotificationsResult = z.infer<typeof notificationsResultSchema>;

export const notificationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const unreadCountResultSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCountResult = z.infer<typeof unreadCountResultSchema>;

/** `POST /api/notifications/done-merged-closed`: GitHub threads whose pull request merged or closed since they arrived. */
export const doneMergedClosedResultSchema = z.object({
  done: z.number().int(),
  unreadCount: z.number().int(),
});
export type DoneMergedClosedResult = z.infer<typeof doneMergedClosedResultSchema>;
