import { z } from 'zod';

/**
 * What each kind of message needs to be drawn, stored sealed with the message until it is sent.
 * Parsed with zod when read back: a payload from an older version fails loudly, not silently.
 */
const pullRequestRef = z.object({
  repository: z.string(),
  number: z.number(),
  title: z.string().nullable(),
  /** Shipdeck's page for it (absolute), and GitHub's when known. */
  url: z.string(),
  githubUrl: z.string().nullable(),
  author: z.string().nullable(),
});
export type MailPullRequestRef = z.infer<typeof pullRequestRef>;

const digestItem = z.object({ text: z.string(), url: z.string().optional() });

export const mailPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('test'), username: z.string() }),
  z.object({
    kind: z.literal('password-reset'),
    username: z.string(),
    url: z.string(),
    expiresInMinutes: z.number(),
  }),
  z.object({ kind: z.literal('password-changed'), username: z.string() }),
  z.object({
    kind: z.literal('email-change-confirm'),
    username: z.string(),
    newEmail: z.string(),
    url: z.string(),
    expiresInHours: z.number(),
  }),
  z.object({ kind: z.literal('email-change-notice'), username: z.string(), newEmail: z.string() }),
  z.object({
    kind: z.literal('invitation'),
    url: z.string(),
    invitedBy: z.string().nullable(),
    role: z.string(),
    expiresAt: z.string(),
  }),
  z.object({
    kind: z.literal('deployment-failed'),
    project: z.string(),
    /** The triage page (absolute). */
    url: z.string(),
    error: z.string().nullable(),
    branch: z.string().nullable(),
    commit: z
      .object({
        sha: z.string(),
        message: z.string().nullable(),
        author: z.string().nullable(),
        url: z.string().nullable(),
      })
      .nullable(),
    pullRequest: pullRequestRef.nullable(),
  }),
  z.object({ kind: z.literal('review-requested'), pullRequest: pullRequestRef }),
  z.object({
    kind: z.literal('review-verdict'),
    approved: z.boolean(),
    reviewer: z.string(),
    pullRequest: pullRequestRef,
  }),
  z.object({ kind: z.literal('auto-merged'), pullRequest: pullRequestRef }),
  z.object({
    kind: z.literal('checks-failed'),
    headSha: z.string(),
    pullRequest: pullRequestRef,
  }),
  z.object({
    kind: z.literal('digest'),
    username: z.string(),
    /** The person's local day the digest is for, as they read it ('Saturday 28 November'). */
    date: z.string(),
    waitingOnYou: z.array(digestItem),
    yours: z.array(digestItem),
    deployments: z.array(digestItem),
    unreadCount: z.number(),
    unread: z.array(digestItem),
  }),
  z.object({
    kind: z.literal('team-reminder'),
    team: z.string(),
    heading: z.string(),
    teamUrl: z.string(),
    total: z.number(),
    groups: z.array(
      z.object({
        title: z.string(),
        lines: z.array(z.object({ text: z.string(), url: z.string() })),
      }),
    ),
  }),
  z.object({
    kind: z.literal('team-reminder-disabled'),
    team: z.string(),
    reason: z.string(),
    url: z.string(),
  }),
]);
export type MailPayload = z.infer<typeof mailPayloadSchema>;
export type MailKind = MailPayload['kind'];
