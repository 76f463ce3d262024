import { z } from 'zod';
import { repoParamsSchema } from './github.js';
import { vercelDeploymentSchema } from './vercel.js';

/** A full commit SHA or a prefix of at least 7 hex characters, as git abbreviates them. */
export const commitRefSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{7,40}$/, 'is not a commit SHA or a prefix of at least 7 characters')
  .transform((sha) => sha.toLowerCase());

export const commitLiveParamsSchema = repoParamsSchema.extend({ sha: commitRefSchema });

/**
 * How the answer was decided: `deployment` when a production deployment was built from this very
 * commit; `compare` when GitHub's compare API said whether production contains it; `none` when
 * no linked Vercel project has a production deployment to compare with.
 */
export const commitLiveViaSchema = z.enum(['deployment', 'compare', 'none']);
export type CommitLiveVia = z.infer<typeof commitLiveViaSchema>;

export const commitLiveResultSchema = z.object({
  /** The full SHA the given SHA or prefix resolved to. */
  sha: z.string(),
  live: z.boolean(),
  via: commitLiveViaSchema,
  /**
   * When live, the production deployment that carries the commit; when not, the production
   * deployment it is not part of yet (null when there is none).
   */
  deployment: vercelDeploymentSchema.nullable(),
});
export type CommitLiveResult = z.infer<typeof commitLiveResultSchema>;

export const commitLiveMessages = {
  commitNotFound: 'No commit with that SHA in this repository',
} as const;
