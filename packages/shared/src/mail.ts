import { z } from 'zod';
import { emailSchema } from './auth.js';

/** `POST /api/account/email/test`: the test message is queued, not yet delivered. */
export const testEmailResultSchema = z.object({ queued: z.literal(true), to: z.string() });
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;

/** `POST /auth/password-reset`: one body for every address, known or not. */
export const passwordResetRequestBodySchema = z.object({ email: emailSchema }).strict();
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;
export const passwordResetRequestResultSchema = z.object({ accepted: z.literal(true) });

/** What the person sees in the app about email (Settings, /forgot-password). */
export const mailUiTexts = {
  emailNotificationsOn: 'Emails you when something needs you, at the address on your profile.',
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
} as const;

export const mailErrorMessages = {
  notConfigured: 'Email is not set up on this server.',
} as const;
