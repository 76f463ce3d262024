import { z } from 'zod';

/**
 * What each kind of message needs to be drawn, stored sealed with the message until it is sent.
 * Parsed with zod when read back: a payload from an older version fails loudly, not silently.
 */
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
]);
export type MailPayload = z.infer<typeof mailPayloadSchema>;
export type MailKind = MailPayload['kind'];
