import { z } from 'zod';

/** What the browser may know about this installation before anyone signs in. */
export const metaSchema = z.object({
  /** True when the built-in emulator stands in for GitHub: the data shown is demo data. */
  demoMode: z.boolean(),
  /** False without an OAuth app: GitHub then connects by personal access token alone. */
  githubSignIn: z.boolean(),
  /** GitHub's web pages for this installation (github.com or a GitHub Enterprise Server). */
  githubWebUrl: z.url(),
  version: z.string(),
});
export type Meta = z.infer<typeof metaSchema>;
