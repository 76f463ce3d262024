import { z } from 'zod';
import { emailSchema } from './auth.js';

/** `POST /api/account/email/test`: the test message is queued, not yet delivered. */
export const testEmailResultSchema = z.object({ queued: z.literal(true), to: z.string() });
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;

/** `POST /auth/password-reset`: one body for every address, known or not. */
export const passwordResetRequestBodySchema = z.object({ email: emailSchema }).strict();
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;
export const passwordResetRequestResultSchema = z.object({ accepted: z.literal(true) });

/** How long the link that confirms a new email address stays good. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** `GET /api/account/email-change`: the new address waiting for confirmation, if any. */
export const emailChangeResultSchema = z.object({
  pending: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type EmailChangeResult = z.infer<typeof emailChangeResultSchema>;

/** `POST /auth/email-change/confirm`: the token of the link mailed to the new address. */
export const emailChangeConfirmBodySchema = z
  .object({ token: z.string().min(1).max(200) })
  .strict();
export type EmailChangeConfirmBody = z.infer<typeof emailChangeConfirmBodySchema>;
export const emailChangeConfirmResultSchema = z.object({ email: z.string() });

/**
 * What a person can unsubscribe from, one email at a time (RFC 8058): each kind of notification
 * email, and the digest. Each is a switch in Settings under Email notifications.
 */
export const emailSubscriptionKinds = [
  'deployment-failed',
  'review-requested',
  'review-verdict',
  'checks-failed',
  'digest',
] as const;
export const emailSubscriptionKindSchema = z.enum(emailSubscriptionKinds);
export type EmailSubscriptionKind = z.infer<typeof emailSubscriptionKindSchema>;

/** The preference each kind's switch is (packages/shared/src/auth.ts `preferences`). */
export const emailSubscriptionPreference = {
  'deployment-failed': 'emailDeploymentFailed',
  'review-requested': 'emailReviewRequested',
  'review-verdict': 'emailReviewVerdict',
  'checks-failed': 'emailChecksFailed',
  digest: 'emailDigest',
} as const satisfies Record<EmailSubscriptionKind, string>;

/** Each switch's label in Settings, and what the unsubscribe page says it turns off. */
export const emailSubscriptionLabels: Record<EmailSubscriptionKind, string> = {
  'deployment-failed': 'A production deployment failed',
  'review-requested': 'A review is requested of you',
  'review-verdict': 'Your pull request is approved or has changes requested',
  'checks-failed': 'Checks fail on your open pull request',
  digest: 'Daily digest',
};

/** `POST /unsubscribe?token=…` (one click, RFC 8058): the kind that is now off. */
export const unsubscribeResultSchema = z.object({ kind: emailSubscriptionKindSchema });

/** The page a List-Unsubscribe link opens, and its one button. */
export const unsubscribeTexts = {
  title: 'Unsubscribe',
  intro: (label: string, email: string) => `Stop emails to ${email} for: ${label}.`,
  submit: 'Unsubscribe',
  done: (label: string) =>
    `Done. Shipdeck sends no more emails for: ${label}. You can turn it on again in Settings.`,
  invalid: 'This unsubscribe link is not valid. Turn emails off in Settings instead.',
  settings: 'Open Settings',
} as const;

/** What the person sees in the app about email (Settings, /forgot-password). */
export const mailUiTexts = {
  emailNotificationsOn: 'Emails you when something needs you, at the address on your profile.',
  emailKindsTitle: 'Email me when',
  digestTitle: 'Daily digest',
  digestDescription:
    'Once a day: pull requests waiting on you, yours and what they wait on, yesterday’s production deployments and unread inbox items. Nothing is sent on a day with nothing to say.',
  digestHourLabel: 'Send at',
  digestTimeZone: (zone: string) => `Your time zone: ${zone}.`,
  emailNotificationsOff:
    'Email is not set up on this server (an admin sets SMTP_URL), so Shipdeck sends no email.',
  sendTest: 'Send a test email',
  sendingTest: 'Sending…',
  testQueued: (to: string) => `A test email is on its way to ${to}.`,
  forgotPasswordLink: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro:
    'Enter the email address of your account. If it has one, a reset link is mailed to it.',
  forgotSubmit: 'Email me a reset link',
  forgotSubmitting: 'Sending…',
  forgotSent: (email: string) =>
    `If ${email} belongs to an account here, a link to reset its password is on its way. It works once, within an hour. Check your spam folder if it does not arrive.`,
  forgotNoMail:
    'This server does not send email. Ask an admin to reset your password: they can do it in /admin, or with npm run admin -- reset-password EMAIL.',
  backToLogin: 'Back to sign in',
  demoMailHint: 'Demo mode sends no real email: open the demo mailbox, signed in, to read it.',
  demoMailOpen: 'Open the demo mailbox',
  emailPending: (email: string) => `Waiting for confirmation of ${email}.`,
  emailPendingHint:
    'Open the link mailed there to start using it; until then, mail goes to this address.',
  emailResend: 'Resend',
  emailResent: (email: string) => `Sent the link to ${email} again.`,
  emailCancel: 'Cancel change',
  emailCancelled: 'The email change is cancelled.',
  emailChangeStarted: (email: string) =>
    `Check ${email}: the change takes effect once you open the link mailed there.`,
  confirmEmailTitle: 'Confirm your new email',
  confirmEmailIntro: 'Use this address for your Shipdeck account from now on.',
  confirmEmailSubmit: 'Confirm email address',
  confirmEmailDone: (email: string) => `Your Shipdeck account now uses ${email}.`,
  confirmEmailInvalid:
    'This confirmation link is used, cancelled or expired. Change the email again from your profile.',
  openShipdeck: 'Open Shipdeck',
  demoMailTitle: 'Demo mailbox',
  demoMailIntro:
    'Demo mode sends no real email: what Shipdeck sent to your address(es) arrives here instead.',
  demoMailSignedOut: 'Sign in to see the emails Shipdeck sent you.',
  demoMailEmpty: 'Nothing sent to you yet.',
  demoMailTo: 'To',
  demoMailReceived: 'Received',
  demoMailHtmlPart: 'As HTML',
  demoMailBack: 'Back to Shipdeck',
} as const;

/** Subject lines and wording of every message; the server's templates read them (modules/mail). */
export const mailTexts = {
  signature: 'Shipdeck',
  footer: (publicUrl: string) => `Sent by the Shipdeck server at ${publicUrl}.`,
  test: {
    subject: 'Shipdeck test email',
    heading: 'Email works',
    body: (username: string) =>
      `Hi ${username}, this is the test message you asked for. Shipdeck can reach you by email.`,
    action: 'Open Shipdeck',
  },
  passwordReset: {
    subject: 'Reset your Shipdeck password',
    heading: 'Reset your password',
    body: (username: string) =>
      `Someone (hopefully you) asked to reset the password of ${username}. The link below sets a new one.`,
    expiry: (minutes: number) =>
      `It works once, within ${minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
    action: 'Choose a new password',
  },
  passwordChanged: {
    subject: 'Your Shipdeck password was changed',
    heading: 'Your password was changed',
    body: (username: string) =>
      `The password of ${username} was changed, and every session of the account was signed out.`,
    notYou: 'If this was not you, ask an admin of this server to reset your password at once.',
    action: 'Sign in',
  },
  emailChangeConfirm: {
    subject: 'Confirm your new email for Shipdeck',
    heading: 'Confirm your new email',
    body: (username: string, email: string) =>
      `${username} asked to use ${email} for their Shipdeck account. Open the link to confirm it; until then, the old address stays.`,
    expiry: (hours: number) =>
      `It works once, within ${hours} hours. If you did not ask for this, ignore this email.`,
    action: 'Confirm this address',
  },
  emailChangeNotice: {
    subject: 'Your Shipdeck email is being changed',
    heading: 'Your email is being changed',
    body: (username: string, email: string) =>
      `Someone signed in as ${username} asked to move the account to ${email}. It takes effect once that address is confirmed.`,
    notYou:
      'If this was not you, sign in and cancel the change on your profile, and change your password.',
    action: 'Open your profile',
  },
  invitation: {
    subject: (invitedBy: string | null) =>
      invitedBy ? `${invitedBy} invited you to Shipdeck` : 'You are invited to Shipdeck',
    heading: 'You are invited',
    body: (invitedBy: string | null, role: string) =>
      `${invitedBy ?? 'An admin'} invited you to join this Shipdeck server as ${role === 'member' ? 'a member' : `an ${role}`}.`,
    expiry: (expiresAt: string) =>
      `The link works once, until ${new Date(expiresAt).toUTCString()}.`,
    action: 'Create your account',
  },
  unsubscribe: (what: string) => `Unsubscribe from these emails (${what})`,
  deploymentFailed: {
    subject: (project: string) => `Production deployment failed: ${project}`,
    heading: (project: string) => `${project}: production deployment failed`,
    body: (project: string, error: string | null) =>
      `The production deployment of ${project} failed${error ? `: ${error}` : '.'}`,
    commit: 'Commit',
    branch: 'Branch',
    commitAuthor: 'Commit by',
    pullRequest: 'Pull request',
    pullRequestAuthor: 'Pull request by',
    action: 'Open the failed deployment',
  },
  reviewRequested: {
    subject: (repository: string, number: number, title: string) =>
      `Review requested: ${repository}#${number} ${title}`,
    heading: 'A review is requested of you',
    body: (author: string | null, repository: string, number: number, title: string) =>
      `${author ?? 'Someone'} asks for your review of ${repository}#${number}: ${title}.`,
    action: 'Open the pull request',
  },
  reviewVerdict: {
    subject: (approved: boolean, repository: string, number: number) =>
      `${approved ? 'Approved' : 'Changes requested'}: ${repository}#${number}`,
    heading: (approved: boolean) =>
      approved ? 'Your pull request is approved' : 'Changes are requested on your pull request',
    body: (
      approved: boolean,
      reviewer: string,
      repository: string,
      number: number,
      title: string,
    ) =>
      `${reviewer} ${approved ? 'approved' : 'requested changes on'} ${repository}#${number}: ${title}.`,
    action: 'Open the pull request',
  },
  autoMerged: {
    subject: (repository: string, number: number) => `Merged when ready: ${repository}#${number}`,
    heading: 'Your pull request merged when ready',
    body: (repository: string, number: number, title: string | null) =>
      `GitHub merged ${repository}#${number}${title ? ` (${title})` : ''} once its reviews and checks allowed, as you asked.`,
    action: 'Open the pull request',
  },
  checksFailed: {
    subject: (repository: string, number: number) => `Checks failed: ${repository}#${number}`,
    heading: 'Checks fail on your pull request',
    body: (repository: string, number: number, title: string | null, sha: string) =>
      `Checks fail on the head commit ${sha.slice(0, 7)} of ${repository}#${number}${title ? `: ${title}` : ''}.`,
    action: 'Open the pull request',
  },
  digest: {
    subject: (date: string) => `Your Shipdeck digest for ${date}`,
    heading: (date: string) => `Your day on Shipdeck, ${date}`,
    body: (username: string) => `Hi ${username}, here is what waits on you and what shipped.`,
    waitingOnYou: 'Pull requests waiting on you',
    yours: 'Your pull requests',
    deployments: 'Yesterday’s production deployments',
    unread: (count: number) => `Unread in your inbox (${count})`,
    review: {
      approved: 'approved',
      changes_requested: 'changes requested',
      review_required: 'waiting for review',
    } as Record<string, string>,
    checks: {
      passing: 'checks passing',
      failing: 'checks failing',
      pending: 'checks running',
      none: 'no checks',
    } as Record<string, string>,
    waitsOn: {
      yourFix: 'waits on you: checks fail',
      yourChanges: 'waits on you: changes requested',
      review: (reviewers: string[]) =>
        reviewers.length > 0 ? `waits on review by ${reviewers.join(', ')}` : 'waits on a review',
      checks: 'waits on checks',
      merge: 'ready to merge',
    },
    by: (author: string) => `by ${author}`,
    deploymentFailed: 'failed',
    deploymentReady: 'ready',
    moreUnread: (count: number) => `and ${count} more`,
    action: 'Open Shipdeck',
  },
} as const;

export const mailErrorMessages = {
  notConfigured: 'Email is not set up on this server.',
} as const;
