import { z } from 'zod';

// The fields Shipdeck reads from the answers of Vercel's deployment actions (PROVIDERS.md §9.2).

/** What `POST /v13/deployments` and `PATCH /v12/deployments/{id}/cancel` answer (keyed by `id`). */
export const actionDeploymentWire = z.object({
  id: z.string(),
  url: z.string(),
  readyState: z.string(),
  projectId: z.string().optional(),
  createdAt: z.number().optional(),
});
export type ActionDeploymentWire = z.infer<typeof actionDeploymentWire>;

export const aliasJobStatuses = [
  'pending',
  'in-progress',
  'succeeded',
  'failed',
  'skipped',
] as const;

/** `lastAliasRequest`: the last promote or rollback and how far its alias job has got. */
export const lastAliasRequestWire = z.object({
  fromDeploymentId: z.string().nullish(),
  toDeploymentId: z.string(),
  jobStatus: z.enum(aliasJobStatuses),
  requestedAt: z.number(),
  type: z.enum(['promote', 'rollback']),
});
export type LastAliasRequestWire = z.infer<typeof lastAliasRequestWire>;

export const aliasProjectWire = z.object({
  id: z.string(),
  targets: z.object({ production: z.object({ id: z.string() }).nullish() }).nullish(),
  lastAliasRequest: lastAliasRequestWire.nullish(),
});
export type AliasProjectWire = z.infer<typeof aliasProjectWire>;
