import { z } from 'zod';
import { signupModeSchema } from './roles.js';

/** What the browser may know about this installation before anyone signs in. */
export const metaSchema = z.object({
  /** True when the built-in emulator stands in for GitHub: the data shown is demo data. */
  demoMode: z.boolean(),
  /** False without an OAuth app: GitHub then connects by personal access token alone. */
  githubSignIn: z.boolean(),
  /** GitHub's web pages for this installation (github.com or a GitHub Enterprise Server). */
  githubWebUrl: z.url(),
  version: z.string(),
  /**
   * Who may sign up now (SIGNUPS), so /signup says so before anyone types: `open` until the
   * instance's first account (its owner) exists, whatever SIGNUPS says.
   */
  signups: signupModeSchema,
  /** Addresses on these domains may sign up without an invitation (SIGNUP_EMAIL_DOMAINS). */
  signupEmailDomains: z.array(z.string()),
  /** Whether this server sends email (SMTP_URL, or demo mode's own mailbox). */
  mail: z.boolean(),
});
export type Meta = z.infer<typeof metaSchema>;
