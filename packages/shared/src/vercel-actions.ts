import { z } from 'zod';
import { vercelDeploymentSchema } from './vercel.js';

// Requests and answers of Shipdeck's Vercel actions (issue 27): redeploy, promote, rollback and
// cancel. Promote and rollback finish in the background, as Vercel's alias job does.

export const projectIdParamSchema = z.object({
  projectId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w.-]+$/, 'must be a Vercel project id'),
});

export const vercelRedeployBodySchema = z
  .object({
    /** Default: the target of the deployment redeployed. */
    target: z.enum(['production', 'preview']).optional(),
  })
  // An empty POST arrives as null.
  .nullish();

export const vercelRollbackBodySchema = z
  .object({
    /** Default: the last READY production deployment before the one serving production. */
    deploymentId: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[\w.-]+$/, 'must be a Vercel deployment id')
      .optional(),
  })
  // An empty POST arrives as null.
  .nullish();

export const vercelActionKinds = ['redeploy', 'promote', 'rollback', 'cancel'] as const;
export type VercelActionKind = (typeof vercelActionKinds)[number];

export const aliasJobStatusSchema = z.enum([
  'pending',
  'in-progress',
  'succeeded',
  'failed',
  'skipped',
]);

export const vercelActionResultSchema = z.object({
  action: z.enum(vercelActionKinds),
  /** The new deployment (redeploy), the cancelled one, or the one production moves to. */
  deployment: vercelDeploymentSchema,
  /**
   * Promote and rollback: the alias job Vercel started; the outcome arrives in the background
   * and shows in the project (`productionDeployment`, `productionRolledBack`).
   */
  aliasJob: z
    .object({
      projectId: z.string(),
      fromDeploymentId: z.string().nullable(),
      toDeploymentId: z.string(),
      status: aliasJobStatusSchema,
    })
    .nullable(),
});
export type VercelActionResult = z.infer<typeof vercelActionResultSchema>;
