import { z } from 'zod';

/** What the browser may know about this installation before anyone signs in. */
export const metaSchema = z.object({
  /** True when the built-in emulator stands in for GitHub: the data shown is demo data. */
  demoMode: z.boolean(),
  githubSignIn: z.boolean(),
  version: z.string(),
});
export type Meta = z.infer<typeof metaSchema>;
