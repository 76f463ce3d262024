import { z } from 'zod';

// Scheduled reminders of a team's waiting pull requests (issue 36), modelled on GitHub's.

export const REMINDER_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type ReminderDay = (typeof REMINDER_DAYS)[number];
export const REMINDER_CHANNELS = ['slack', 'email'] as const;
/** Slack incoming-webhook origins allowed when SLACK_WEBHOOK_HOSTS is unset. */
export const DEFAULT_SLACK_WEBHOOK_HOSTS = ['https://hooks.slack.com'] as const;
export const REMINDER_MAX_TIMES = 8;
export const REMINDER_MAX_TERMS = 50;
/** Reminders one team may have: enough for every channel and rota, not a flood. */
export const REMINDER_MAX_PER_TEAM = 20;

const timeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time of day as HH:MM' });

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const shortList = z.array(z.string().trim().min(1).max(100)).max(REMINDER_MAX_TERMS).default([]);

/** Every field but the channel's, shared by create and update. */
const reminderFieldsSchema = z.object({
  days: z.array(z.enum(REMINDER_DAYS)).min(1, { message: 'choose at least one day' }),
  times: z
    .array(timeOfDaySchema)
    .min(1, { message: 'choose at least one time' })
    .max(REMINDER_MAX_TIMES),
  timeZone: z.string().refine(isTimeZone, { message: 'must be an IANA time zone' }),
  ignoreDrafts: z.boolean().default(true),
  requireReviewRequests: z.boolean().default(false),
  /** Leave out pull requests with at least this many approvals; null keeps them all. */
  ignoreApprovedWith: z.number().int().min(1).max(20).nullable().default(null),
  minAgeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .default(0),
  minStaleHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .default(0),
  ignoredTerms: shortList,
  ignoredLabels: shortList,
  requiredLabels: shortList,
});

/** `POST /api/teams/:org/:slug/reminders`. The host rule (SLACK_WEBHOOK_HOSTS) is the server's. */
export const createReminderBodySchema = reminderFieldsSchema
  .extend({
    channel: z.enum(REMINDER_CHANNELS),
    slackWebhookUrl: z.string().trim().url().max(500).optional(),
  })
  .refine((body) => body.channel !== 'slack' || body.slackWebhookUrl !== undefined, {
    message: 'is required for a Slack reminder',
    path: ['slackWebhookUrl'],
  });
export type CreateReminderBody = z.input<typeof createReminderBodySchema>;

/** `PATCH …/reminders/:id`: any field, plus `enabled` to turn a reminder back on. */
export const updateReminderBodySchema = reminderFieldsSchema
  .partial()
  .extend({
    channel: z.enum(REMINDER_CHANNELS).optional(),
    slackWebhookUrl: z.string().trim().url().max(500).optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateReminderBody = z.input<typeof updateReminderBodySchema>;

export const reminderParamsSchema = z.object({
  org: z.string(),
  slug: z.string(),
  id: z.string(),
});

export const reminderSchema = reminderFieldsSchema.extend({
  id: z.string(),
  channel: z.enum(REMINDER_CHANNELS),
  enabled: z.boolean(),
  /** Why it was turned off (Slack's channel_not_found, …); null while on or turned off by hand. */
  disabledReason: z.string().nullable(),
  /** The Slack webhook URL's last four characters; the URL itself never leaves the server. */
  slackWebhookLast4: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
});
export type Reminder = z.infer<typeof reminderSchema>;

export const remindersResultSchema = z.object({ reminders: z.array(reminderSchema) });
export type RemindersResult = z.infer<typeof remindersResultSchema>;

/** `POST …/reminders/:id/test`: what was sent now (nothing when no pull request matches). */
export const reminderTestResultSchema = z.object({
  sent: z.boolean(),
  pullRequestCount: z.number().int(),
  message: z.string(),
});
export type ReminderTestResult = z.infer<typeof reminderTestResultSchema>;

/** What reminders say, in Slack, in email, in the inbox and in a test's answer. */
export const reminderTexts = {
  groupTitles: {
    reviewers: 'Waiting on reviewers',
    author: 'Waiting on authors',
    merge: 'Ready to merge',
  },
  heading: (team: string, count: number) =>
    `${team}: ${count} pull request${count === 1 ? '' : 's'} waiting`,
  /** Slack's top-level text, shown in notifications beside the blocks. */
  notificationText: (team: string, count: number) =>
    `${count} pull request${count === 1 ? '' : 's'} of ${team} ${count === 1 ? 'is' : 'are'} waiting`,
  age: (hours: number) =>
    hours < 1
      ? 'opened under an hour ago'
      : hours < 48
        ? `opened ${Math.floor(hours)} hour${Math.floor(hours) === 1 ? '' : 's'} ago`
        : `opened ${Math.floor(hours / 24)} days ago`,
  more: (count: number) => `and ${count} more`,
  openTeam: 'Open the team page',
  emailSubject: (team: string, count: number) =>
    `${count} pull request${count === 1 ? '' : 's'} of ${team} waiting`,
  emailIntro: (team: string) => `The pull requests of ${team} that wait on someone, by whom.`,
  testSent: (count: number, channel: 'slack' | 'email') =>
    `Sent ${count} pull request${count === 1 ? '' : 's'} ${channel === 'slack' ? 'to Slack' : 'by email'}.`,
  testNothing: 'No pull request matches this reminder now, so nothing was sent.',
  testNoEmail: 'Email is not set up on this server, or your account has no email address.',
  testFailed: (status: number, body: string) => `Slack answered ${status} ${body}.`,
  testUnreachable: 'Slack could not be reached. Try again later.',
  /** The inbox item and email its creator gets when Slack refuses the channel for good. */
  disabledTitle: 'A team reminder was turned off',
  disabledMessage: (team: string, reason: string) =>
    `Slack refused the reminder of ${team} (${reason}), so it is off. Point it at another channel's webhook and turn it on again.`,
  notFound: 'Reminder not found',
  tooMany: (max: number) => `A team has at most ${max} reminders. Delete one first.`,
  webhookRequired: 'is required for a Slack reminder',
  hostNotAllowed: (origins: readonly string[]) =>
    `must be a Slack incoming-webhook URL starting with ${origins.join(' or ')}`,
} as const;

/** `/_demo/slack`: what demo mode's Slack receiver got from your teams' reminders. */
export const demoSlackTexts = {
  title: 'Demo Slack',
  intro:
    "What your teams' reminders posted to the demo's Slack incoming webhooks. Nothing here reaches a real Slack.",
  back: 'Back to Shipdeck',
  signedOut: 'Sign in to Shipdeck in this browser to see what your teams were sent.',
  empty: 'Nothing yet. Open a team, and send a test of its reminder.',
  received: 'Received',
} as const;
