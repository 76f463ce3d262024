import { z } from 'zod';
import { pullRequestSchema, pullRequestsQuerySchema, pullsResultSchema } from './github.js';
import {
  CHECKS_STATES,
  DORA_BANDS,
  DORA_KEYS,
  INSIGHTS_DEFAULT_WINDOW,
  INSIGHTS_WINDOWS,
  REVIEW_STATES,
  SHIP_FILTERS,
} from './insights-constants.js';

// The insights feature's schemas; its constants, texts and pure helpers are in
// insights-constants.ts, which does not load zod.

export const doraBandSchema = z.enum(DORA_BANDS);
export type DoraBand = z.infer<typeof doraBandSchema>;

export const doraKeySchema = z.enum(DORA_KEYS);
export type DoraKey = z.infer<typeof doraKeySchema>;

/** One point of a trend: the bucket's first day (UTC, YYYY-MM-DD) and its figure, null when nothing to measure. */
export const trendPointSchema = z.object({
  start: z.string(),
  value: z.number().nullable(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const trendBucketSchema = z.enum(['day', 'week']);
export type TrendBucket = z.infer<typeof trendBucketSchema>;

/** Fields every key shares: its band (null without data), trend, sample size and how it was computed. */
const doraMetricBase = z.object({
  band: doraBandSchema.nullable(),
  trend: z.array(trendPointSchema),
  deploymentCount: z.number().int(),
  explanation: z.string(),
});

export const deploymentFrequencySchema = doraMetricBase.extend({
  /** Production deployments that reached READY in the window. */
  total: z.number().int(),
  perDay: z.number(),
  medianDeploymentDaysPerWeek: z.number(),
  medianDeploymentDaysPerMonth: z.number(),
});
export type DeploymentFrequency = z.infer<typeof deploymentFrequencySchema>;

export const leadTimeSchema = doraMetricBase.extend({
  medianMinutes: z.number().nullable(),
  changeCount: z.number().int(),
});
export type LeadTime = z.infer<typeof leadTimeSchema>;

export const changeFailureRateSchema = doraMetricBase.extend({
  /** 0–100, one decimal; null without finished production deployments. */
  percent: z.number().nullable(),
  failedCount: z.number().int(),
  errorCount: z.number().int(),
  revertCount: z.number().int(),
  rollbackCount: z.number().int(),
});
export type ChangeFailureRate = z.infer<typeof changeFailureRateSchema>;

export const timeToRestoreSchema = doraMetricBase.extend({
  medianMinutes: z.number().nullable(),
  restoredCount: z.number().int(),
  /** Failures in the window with no READY production deployment after them yet. */
  unrestoredCount: z.number().int(),
});
export type TimeToRestore = z.infer<typeof timeToRestoreSchema>;

export const doraQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (INSIGHTS_WINDOWS as readonly number[]).includes(days), {
      message: `must be one of ${INSIGHTS_WINDOWS.join(', ')}`,
    })
    .default(INSIGHTS_DEFAULT_WINDOW),
  repo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, 'must be owner/name')
    .optional(),
});
export type DoraQuery = z.input<typeof doraQuerySchema>;

export const doraMetricsSchema = z.object({
  deploymentFrequency: deploymentFrequencySchema,
  leadTime: leadTimeSchema,
  changeFailureRate: changeFailureRateSchema,
  timeToRestore: timeToRestoreSchema,
});
export type DoraMetrics = z.infer<typeof doraMetricsSchema>;

export const doraResultSchema = z.object({
  days: z.number().int(),
  /** owner/name, or null for all repositories. */
  repo: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  bucket: trendBucketSchema,
  /** False until Shipdeck holds deployments for this user: the page says so instead of showing zeros. */
  hasDeploymentData: z.boolean(),
  /** Repositories with synced production deployments, for the repository selector. */
  repositories: z.array(z.string()),
  metrics: doraMetricsSchema,
  /** When the deployments behind these figures were last synced; null when never. */
  syncedAt: z.string().nullable(),
});
export type DoraResult = z.infer<typeof doraResultSchema>;

/** Ship status of a pull request, derived at sync time and stored with it. */
export const reviewStateSchema = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof reviewStateSchema>;

export const checksStateSchema = z.enum(CHECKS_STATES);
export type ChecksState = z.infer<typeof checksStateSchema>;

export const previewStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('building') }),
  z.object({ state: z.literal('ready'), url: z.string() }),
  z.object({ state: z.literal('failed') }),
]);
export type PreviewStatus = z.infer<typeof previewStatusSchema>;

/** Where a change is on its way: review → checks → preview → merged → production building → live. */
export const shipStageSchema = z.enum([
  'review',
  'checks',
  'preview',
  'merged',
  'production_building',
  'live',
  'closed',
]);
export type ShipStage = z.infer<typeof shipStageSchema>;
export const etaSchema = z.object({
  /** When the building deployment should be ready (ISO). */
  expectedReadyAt: z.string(),
  medianBuildSeconds: z.number().int(),
  sampleSize: z.number().int(),
});
export type Eta = z.infer<typeof etaSchema>;

/** GitHub's merge methods (issue 37), named as its REST API names them. */
export const MERGE_METHODS = ['merge', 'squash', 'rebase'] as const;
export const mergeMethodSchema = z.enum(MERGE_METHODS);
export type MergeMethod = z.infer<typeof mergeMethodSchema>;

/** Merge when ready, while it is on (GitHub's `auto_merge`). */
export const autoMergeStateSchema = z.object({
  method: mergeMethodSchema,
  enabledBy: z.string().nullable(),
  enabledAt: z.string().nullable(),
});
export type AutoMergeState = z.infer<typeof autoMergeStateSchema>;

/** The fields `/api/github/pull-requests` items gain. */
export const shipStatusSchema = z.object({
  review: reviewStateSchema,
  checks: checksStateSchema,
  preview: previewStatusSchema,
  stage: shipStageSchema,
  /** Present while a preview or production deployment of this change builds and history allows an estimate. */
  eta: etaSchema.nullable(),
  /** Merge when ready is on (issue 37); absent where the producer does not know. */
  autoMerge: autoMergeStateSchema.nullable().optional(),
  /** A re-run of failed checks was asked for and its new results have not arrived yet. */
  checksRerunning: z.boolean().optional(),
});
export type ShipStatus = z.infer<typeof shipStatusSchema>;

export const shipFilterSchema = z.enum(SHIP_FILTERS);
export type ShipFilter = z.infer<typeof shipFilterSchema>;
/** `GET /api/github/pull-requests` with the ship filters beside the spec's state filter. */
export const shipPullRequestsQuerySchema = pullRequestsQuerySchema.extend({
  ship: shipFilterSchema.optional(),
});
export type ShipPullRequestsQuery = z.input<typeof shipPullRequestsQuerySchema>;

/** The GitHub budget meter: `GET /api/github/rate-limit` (added by the synced store). */
export const rateLimitBudgetSchema = z.object({
  limit: z.number().int(),
  remaining: z.number().int(),
  /** When the budget refills (ISO). */
  reset: z.string(),
  syncedAt: z.string().nullable(),
});
export type RateLimitBudget = z.infer<typeof rateLimitBudgetSchema>;

/** A `/api/github/pull-requests` item once the synced store serves ship status with it. */
export const shipPullRequestSchema = pullRequestSchema.extend(shipStatusSchema.shape);
export type ShipPullRequest = z.infer<typeof shipPullRequestSchema>;

/**
 * `/api/github/pull-requests` answers: an item carries its ship status once a sync has derived
 * it (the sync derives it for the 30 most recently updated open pull requests at a time).
 */
export const shipPullsResultSchema = pullsResultSchema.extend({
  pullRequests: z.array(z.union([shipPullRequestSchema, pullRequestSchema])),
});
export type ShipPullsResult = z.infer<typeof shipPullsResultSchema>;

/** `GET /api/insights/etas`: when each of the user's building deployments should be ready. */
export const deploymentEtaSchema = etaSchema.extend({ deploymentId: z.string() });
export type DeploymentEta = z.infer<typeof deploymentEtaSchema>;
export const deploymentEtasResultSchema = z.object({ etas: z.array(deploymentEtaSchema) });
export type DeploymentEtasResult = z.infer<typeof deploymentEtasResultSchema>;
