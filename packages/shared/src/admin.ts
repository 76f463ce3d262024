import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.js';
import { userRoleSchema } from './roles.js';

/** How long an invitation link stays good. */
export const INVITATION_TTL_DAYS = 7;
/** How long a password-reset link (command line, or "Forgot password?") stays good. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** How long audit entries are kept. */
export const AUDIT_RETENTION_DAYS = 400;
export const AUDIT_PAGE_SIZE = 50;

/**
 * What members may do with the server's own Vercel account (VERCEL_TOKEN). Admins always may
 * use it; this narrows members only.
 */
export const serverVercelAccessSchema = z.enum(['off', 'view', 'act']);
export type ServerVercelAccess = z.infer<typeof serverVercelAccessSchema>;

export const serverVercelAccessLabels: Record<ServerVercelAccess, string> = {
  off: 'Off: members cannot connect it',
  view: 'View: members see its projects and deployments',
  act: 'Act: members may also redeploy, promote, roll back and cancel',
};

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: userRoleSchema,
  githubLogin: z.string().nullable(),
  /** The Vercel connection: `server` when through the server's account. */
  vercel: z.object({ username: z.string(), source: z.enum(['token', 'server']) }).nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  disabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResultSchema = z.object({ users: z.array(adminUserSchema) });
export const adminUserResultSchema = z.object({ user: adminUserSchema });

export const userIdParamSchema = z.object({ id: z.string().min(1).max(100) });

export const adminUserPatchBodySchema = z
  .object({ role: userRoleSchema.optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    message: 'Send role or disabled',
    path: ['role'],
  });
export type AdminUserPatchBody = z.infer<typeof adminUserPatchBodySchema>;

/** A password-reset link an admin made for an account: shown once, and mailed when mail is on. */
export const adminPasswordResetSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  /** Whether it was also mailed to the account's address (SMTP_URL set). */
  mailed: z.boolean(),
});
export type AdminPasswordReset = z.infer<typeof adminPasswordResetSchema>;

export const invitationCreateBodySchema = z
  .object({
    email: emailSchema.optional(),
    role: userRoleSchema.default('member'),
  })
  .strict();
export type InvitationCreateBody = z.input<typeof invitationCreateBodySchema>;

export const invitationCreatedSchema = z.object({
  id: z.string(),
  /** The link to send: `<PUBLIC_URL>/signup?invitation=<token>`. Shown once; only its hash is kept. */
  url: z.string(),
  expiresAt: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  role: userRoleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsResultSchema = z.object({ invitations: z.array(invitationSchema) });

export const adminSettingsSchema = z.object({
  serverVercelAccess: serverVercelAccessSchema,
  /** Whether VERCEL_TOKEN is set at all: without it the setting has nothing to govern. */
  serverVercelAccount: z.boolean(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const adminSettingsBodySchema = z
  .object({ serverVercelAccess: serverVercelAccessSchema })
  .strict();

/** Every kind of audit entry, with the words the audit log shows for it. */
export const auditActionLabels = {
  'user.role_changed': 'Changed a role',
  'user.disabled': 'Disabled an account',
  'user.enabled': 'Enabled an account',
  'user.deleted': 'Deleted an account',
  'invitation.created': 'Created an invitation',
  'invitation.revoked': 'Revoked an invitation',
  'settings.changed': 'Changed instance settings',
  'signup.invitation': 'Signed up by invitation',
  'signup.refused': 'Sign-up refused',
  'signin.disabled': 'Sign-in by a disabled account',
  'signin.refused': 'Sign-in refused',
  'password.reset_link': 'Made a password-reset link',
  'password.reset': 'Reset a password',
  'email.change_requested': 'Asked to change an email (link mailed)',
  'email.change_confirmed': 'Changed an email',
  'email.change_cancelled': 'Cancelled an email change',
  'vercel.redeploy': 'Redeployed',
  'vercel.promote': 'Promoted to production',
  'vercel.rollback': 'Rolled production back',
  'vercel.cancel': 'Cancelled a build',
  'github.connected': 'Connected GitHub',
  'github.disconnected': 'Disconnected GitHub',
  'vercel.connected': 'Connected Vercel',
  'vercel.disconnected': 'Disconnected Vercel',
  'reminder.created': 'Created a team reminder',
  'reminder.updated': 'Changed a team reminder',
  'reminder.deleted': 'Deleted a team reminder',
  'reminder.disabled': 'Turned a team reminder off (Slack refused it)',
  'github.pull.merge': 'Merged a pull request',
  'github.pull.auto-merge': 'Turned merge when ready on or off',
  'github.pull.review': 'Reviewed a pull request',
  'github.pull.request-reviewers': 'Requested reviewers',
  'github.pull.rerun-failed-checks': 'Re-ran failed checks',
} as const;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActionSchema = z.enum(
  Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]],
);

export const auditOutcomeSchema = z.enum(['success', 'refused', 'failed']);
export type AuditOutcome = z.infer<typeof auditOutcomeSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /**
   * `user` (named by username, kept after the account is deleted), `cli` (the command line),
   * `system` (the server itself, such as applying a setting at start), or `anonymous`.
   */
  actor: z.object({
    kind: z.enum(['user', 'cli', 'system', 'anonymous']),
    username: z.string().nullable(),
  }),
  action: auditActionSchema,
  /** What it was done to: an account, an invitation, a Vercel deployment, … */
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string() }).nullable(),
  ip: z.string().nullable(),
  outcome: auditOutcomeSchema,
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `?cursor=` for the next (older) page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/** The invitation a /signup?invitation= link carries, as the sign-up page shows it. */
export const invitationPreviewSchema = z.object({
  email: z.string().nullable(),
  role: userRoleSchema,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const invitationTokenBodySchema = z.object({
  invitation: z.string().min(1, 'Invitation is required').max(200),
});

export const passwordResetCompleteBodySchema = z.object({
  token: z.string().min(1, 'Token is required').max(200),
  password: newPasswordSchema,
});
export type PasswordResetCompleteBody = z.infer<typeof passwordResetCompleteBodySchema>;
