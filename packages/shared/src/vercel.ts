import { z } from 'zod';
import { pageSizes } from './constants.js';
import {
  deploymentFilters,
  deploymentSorts,
  vercelLimits,
  vercelMessages,
} from './vercel-constants.js';

// Vercel's schemas live here; its limits and texts in vercel-constants.ts, which does not load
// zod, so the web pages that only show them do not download it.

const optionalTeamId = z
  .string()
  .trim()
  .max(100, vercelMessages.teamNotFound)
  .optional()
  .transform((value) => (value ? value : undefined));

/** Either a pasted token or the server's own account (VERCEL_TOKEN, or the emulator in demo). */
export const vercelCredentialsSchema = z
  .object({
    token: z
      .string()
      .trim()
      .max(vercelLimits.tokenMax, vercelMessages.tokenInvalid)
      // Tokens are printable ASCII; anything else cannot travel in an Authorization header.
      .regex(/^[\x21-\x7e]*$/, vercelMessages.tokenInvalid)
      .optional(),
    useServerAccount: z.boolean().optional(),
  })
  .strict()
  .refine((body) => body.useServerAccount === true || Boolean(body.token), {
    message: vercelMessages.tokenRequired,
    path: ['token'],
  });

export const vercelConnectBodySchema = z
  .object({
    token: z
      .string()
      .trim()
      .max(vercelLimits.tokenMax, vercelMessages.tokenInvalid)
      // Tokens are printable ASCII; anything else cannot travel in an Authorization header.
      .regex(/^[\x21-\x7e]*$/, vercelMessages.tokenInvalid)
      .optional(),
    useServerAccount: z.boolean().optional(),
    teamId: optionalTeamId,
  })
  .strict()
  .refine((body) => body.useServerAccount === true || Boolean(body.token), {
    message: vercelMessages.tokenRequired,
    path: ['token'],
  });
export type VercelConnectBody = z.input<typeof vercelConnectBodySchema>;
export type VercelCredentialsBody = z.input<typeof vercelCredentialsSchema>;

export const vercelTeamSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string().nullable(),
});
export type VercelTeam = z.infer<typeof vercelTeamSchema>;

export const vercelTeamsResultSchema = z.object({
  username: z.string(),
  teams: z.array(vercelTeamSchema),
});
export type VercelTeamsResult = z.infer<typeof vercelTeamsResultSchema>;

export const vercelOptionsSchema = z.object({
  /** The server has a Vercel account a user may connect without pasting a token. */
  serverAccount: z.boolean(),
  /** Whether this person may redeploy, promote, roll back and cancel through the server's account. */
  serverAccountCanAct: z.boolean(),
  demoMode: z.boolean(),
});
export type VercelOptions = z.infer<typeof vercelOptionsSchema>;

const linkSchema = z
  .object({
    type: z.string(),
    org: z.string().nullable(),
    repo: z.string().nullable(),
    repoId: z.number().nullable(),
    productionBranch: z.string().nullable(),
  })
  .nullable();

/** The GitHub repository a project deploys, as `owner/name`, when its link is a GitHub one. */
const githubRepositoryRefSchema = z
  .object({ fullName: z.string(), id: z.number().nullable(), htmlUrl: z.string() })
  .nullable();

export const vercelDeploymentSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  /** READY, BUILDING, ERROR, QUEUED, INITIALIZING, CANCELED … as Vercel sends them. */
  state: z.string(),
  target: z.enum(['production', 'preview']),
  /** https URL of the deployment. */
  url: z.string(),
  inspectorUrl: z.string().nullable(),
  branch: z.string().nullable(),
  commitSha: z.string().nullable(),
  commitMessage: z.string().nullable(),
  commitAuthor: z.string().nullable(),
  commitAuthorLogin: z.string().nullable(),
  pullRequestId: z.number().nullable(),
  repository: githubRepositoryRefSchema,
  commitUrl: z.string().nullable(),
  pullRequestUrl: z.string().nullable(),
  createdAt: z.string(),
  buildingAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type VercelDeployment = z.infer<typeof vercelDeploymentSchema>;

export const vercelProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  framework: z.string().nullable(),
  /** Vercel projects carry no description; null unless one is known. */
  description: z.string().nullable(),
  updatedAt: z.string(),
  link: linkSchema,
  repository: githubRepositoryRefSchema,
  productionDeployment: vercelDeploymentSchema.nullable(),
  latestDeployment: vercelDeploymentSchema.nullable(),
  /**
   * Production is pinned by an instant rollback: it serves an older deployment than the newest
   * ready production build, and new ones stay off production until one is promoted.
   */
  productionRolledBack: z.boolean().default(false),
  /** While production is rolled back: the newest READY production deployment, to promote. */
  resumeProductionWith: vercelDeploymentSchema.nullable().default(null),
});
export type VercelProject = z.infer<typeof vercelProjectSchema>;

export const vercelListPaginationSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasNext: z.boolean(),
});
export type VercelListPagination = z.infer<typeof vercelListPaginationSchema>;

const syncedAt = z.string().nullable();

export const vercelProjectsQuerySchema = z.object({
  search: z.string().trim().max(vercelLimits.searchMax).optional(),
  limit: z.coerce.number().int().min(1).max(pageSizes.providerMax).default(pageSizes.apiDefault),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Only projects deploying this GitHub repository (`owner/name`). */
  repository: z.string().trim().max(200).optional(),
});
export const vercelProjectsResultSchema = z.object({
  projects: z.array(vercelProjectSchema),
  pagination: vercelListPaginationSchema,
  syncedAt,
});
export type VercelProjectsResult = z.infer<typeof vercelProjectsResultSchema>;

export const vercelProjectResultSchema = z.object({ project: vercelProjectSchema, syncedAt });
export type VercelProjectResult = z.infer<typeof vercelProjectResultSchema>;

export const vercelDeploymentsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(pageSizes.providerMax)
    .default(pageSizes.deploymentsDefault),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  search: z.string().trim().max(vercelLimits.searchMax).optional(),
  filter: z.enum(deploymentFilters).default('all'),
  sort: z.enum(deploymentSorts).default('updated'),
  /** Only deployments of this GitHub repository (`owner/name`). */
  repository: z.string().trim().max(200).optional(),
});
export type VercelDeploymentsQuery = z.input<typeof vercelDeploymentsQuerySchema>;

export const vercelDeploymentsResultSchema = z.object({
  deployments: z.array(vercelDeploymentSchema),
  pagination: vercelListPaginationSchema,
  syncedAt,
});
export type VercelDeploymentsResult = z.infer<typeof vercelDeploymentsResultSchema>;

export const buildLogLineSchema = z.object({
  type: z.string(),
  text: z.string(),
  level: z.string().nullable(),
  createdAt: z.string(),
});
export type BuildLogLine = z.infer<typeof buildLogLineSchema>;

export const vercelDeploymentDetailSchema = z.object({
  deployment: vercelDeploymentSchema,
  /** The last lines of the build log, fetched once from Vercel and kept; null if unavailable. */
  buildLog: z.array(buildLogLineSchema).nullable(),
  /** What production still serves: the project's newest READY production deployment. */
  lastReadyProduction: vercelDeploymentSchema.nullable(),
  /** Where an instant rollback would take production: the READY production build before it. */
  rollbackTarget: vercelDeploymentSchema.nullable().default(null),
  syncedAt,
});
export type VercelDeploymentDetail = z.infer<typeof vercelDeploymentDetailSchema>;

export const deploymentStatusItemSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  deploymentId: z.string(),
  status: z.string(),
  url: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  branch: z.string().nullable(),
});
export type DeploymentStatusItem = z.infer<typeof deploymentStatusItemSchema>;

export const vercelStatusResultSchema = z.object({
  deploymentStatus: z.array(deploymentStatusItemSchema),
  syncedAt,
});
export type VercelStatusResult = z.infer<typeof vercelStatusResultSchema>;

/** Vercel ids (`prj_…`, `dpl_…`) and project names: letters, digits, `_`, `-` and `.` only. */
export const idParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w.-]+$/, 'must be a Vercel id or name'),
});

export const vercelConnectionSchema = z
  .object({
    username: z.string(),
    teamId: z.string().nullable(),
    teamSlug: z.string().nullable(),
    teamName: z.string().nullable(),
    /** `reconnect` once Vercel stops accepting the stored token. */
    status: z.enum(['connected', 'reconnect']),
    /** `server` when connected with the server's own account. */
    source: z.enum(['token', 'server']),
    /** False while an admin lets members only view the server's account (source `server`). */
    canAct: z.boolean(),
  })
  .nullable();
export type VercelConnection = z.infer<typeof vercelConnectionSchema>;
