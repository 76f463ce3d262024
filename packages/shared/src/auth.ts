import { z } from 'zod';
import {
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants.js';
import { EMAIL_PATTERN, USERNAME_PATTERN } from './auth-checks.js';
import { validationMessages as m } from './sign-in-messages.js';
import { userRoleSchema } from './roles.js';
import { vercelConnectionSchema } from './vercel.js';

// `error` on the base type turns zod's "expected string, received undefined" into the spec's texts.
export const usernameSchema = z
  .string({ error: m.usernameRequired })
  .trim()
  .min(1, m.usernameRequired)
  .min(USERNAME_MIN, m.usernameMin)
  .max(USERNAME_MAX, m.usernameMax)
  .regex(USERNAME_PATTERN, m.usernamePattern);

export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX, m.emailInvalid)
  .regex(EMAIL_PATTERN, m.emailInvalid)
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN, m.passwordMin)
  .max(PASSWORD_MAX, m.passwordMax);

const anyPasswordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .max(PASSWORD_MAX, m.passwordMax);

export const signupBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  /** The token of a /signup?invitation= link: the account gets the invitation's role. */
  invitation: z.string().min(1).max(200).optional(),
});
export type SignupBody = z.input<typeof signupBodySchema>;

/** The signup form adds the confirmation field, which never leaves the browser. */
export const signupFormSchema = signupBodySchema
  .extend({ confirmPassword: z.string({ error: m.passwordsDoNotMatch }) })
  .refine((form) => form.password === form.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignupForm = z.input<typeof signupFormSchema>;

export const loginBodySchema = z.object({
  email: z
    .string({ error: m.emailRequired })
    .trim()
    .min(1, m.emailRequired)
    .max(EMAIL_MAX, m.emailInvalid)
    .transform((email) => email.toLowerCase()),
  password: anyPasswordSchema,
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** The daily digest's hour, in the person's time zone. */
export const DIGEST_HOUR_DEFAULT = 8;

/** An IANA zone the runtime knows ('Europe/Paris'), as a browser reports it. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

export const preferencesSchema = z.object({
  notifications: z.boolean(),
  /** Gates every notification email and the digest; each kind has its own switch under it. */
  emailNotifications: z.boolean(),
  emailDeploymentFailed: z.boolean(),
  emailReviewRequested: z.boolean(),
  emailReviewVerdict: z.boolean(),
  emailChecksFailed: z.boolean(),
  emailDigest: z.boolean(),
  digestHour: z
    .number()
    .int()
    .min(0, 'Choose an hour from 0 to 23')
    .max(23, 'Choose an hour from 0 to 23'),
  timeZone: timeZoneSchema,
  githubSync: z.boolean(),
  vercelSync: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A partial update: only the fields that are sent change; unknown keys are refused. */
export const preferencesBodySchema = preferencesSchema.partial().strict();
export type PreferencesBody = z.infer<typeof preferencesBodySchema>;

export const profileBodySchema = z
  .object({
    displayName: z
      .string({ error: m.displayNameRequired })
      .trim()
      .min(1, m.displayNameRequired)
      .max(DISPLAY_NAME_MAX, m.displayNameMax),
    email: emailSchema,
    // Changing the email needs proof of a recent sign-in: the password, when the account has one.
    currentPassword: z.string().max(PASSWORD_MAX, m.passwordMax).optional(),
  })
  .strict();
export type ProfileBody = z.input<typeof profileBodySchema>;

export const changePasswordBodySchema = z
  .object({
    // Optional because an account created through GitHub has no password yet.
    currentPassword: z.string().max(PASSWORD_MAX, m.passwordMax).optional(),
    newPassword: newPasswordSchema,
  })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: m.newPasswordsDoNotMatch,
    path: ['confirmPassword'],
  })
  .refine((form) => form.newPassword.length >= PASSWORD_MIN, {
    message: m.passwordMin,
    path: ['newPassword'],
  });

export const deleteAccountBodySchema = z
  .object({
    // Accounts with a password confirm with it; GitHub-only accounts type their username.
    password: z.string().max(PASSWORD_MAX, m.passwordMax).optional(),
    confirmation: z
      .string()
      .max(USERNAME_MAX + 10)
      .optional(),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  githubId: z.string().nullable(),
  githubLogin: z.string().nullable(),
  role: userRoleSchema,
  vercelConnected: z.boolean(),
  /** The connected Vercel account and team, as the server reports them. */
  vercel: vercelConnectionSchema,
  hasPassword: z.boolean(),
  createdAt: z.string(),
  preferences: preferencesSchema,
});
export type User = z.infer<typeof userSchema>;

export const userStatsSchema = z.object({
  memberSince: z.string(),
  accountType: z.literal('Free'),
  activeSessions: z.number().int(),
  lastLoginAt: z.string().nullable(),
  connectedProviders: z.object({ github: z.boolean(), vercel: z.boolean() }),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const sessionTokenSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
});
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** When the current session ends, and from when a client should renew it (POST /auth/refresh). */
export const sessionTimesSchema = z.object({
  expiresAt: z.string(),
  renewAt: z.string(),
});

export const loginResultSchema = sessionTokenSchema.extend({ user: userSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const userResultSchema = z.object({ user: userSchema });
export const statsResultSchema = z.object({ stats: userStatsSchema });
export const changePasswordResultSchema = z.object({ revokedSessions: z.number().int() });
export const emptyResultSchema = z.object({});
