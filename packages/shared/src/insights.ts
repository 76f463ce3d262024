import { z } from 'zod';
import { pullRequestSchema, pullsResultSchema } from './github.js';

/** Windows the insights page and `GET /api/insights/dora` offer, in days. */
export const INSIGHTS_WINDOWS = [7, 30, 90] as const;
export type InsightsWindow = (typeof INSIGHTS_WINDOWS)[number];
export const INSIGHTS_DEFAULT_WINDOW: InsightsWindow = 30;

/** A deployment counts as a change failure when a revert or rollback follows it this soon. */
export const CHANGE_FAILURE_FOLLOW_UP_MS = 24 * 60 * 60 * 1000;
/** The pipeline ETA is the median build time of this many of the project's latest builds. */
export const ETA_SAMPLE_SIZE = 20;

export const doraBandSchema = z.enum(['elite', 'high', 'medium', 'low']);
export type DoraBand = z.infer<typeof doraBandSchema>;

/**
 * DORA's 2023 State of DevOps thresholds exactly as Apache DevLake applies them
 * (`dora_report = '2023'`). Minutes for the two durations, percent for the failure rate.
 */
export const DORA_THRESHOLDS = {
  deploymentFrequency: {
    eliteDaysPerWeek: 7,
    highDaysPerWeek: 1,
    mediumDaysPerMonth: 1,
  },
  leadTimeMinutes: { elite: 24 * 60, high: 7 * 24 * 60, medium: 30 * 24 * 60 },
  changeFailurePercent: { elite: 5, high: 10, medium: 15 },
  timeToRestoreMinutes: { elite: 60, high: 24 * 60, medium: 7 * 24 * 60 },
} as const;

/** What each band means for each key, in the published wording. */
export const doraBandDescriptions = {
  deploymentFrequency: {
    elite: 'On demand (a deployment every day of the week)',
    high: 'Between once per day and once per week',
    medium: 'Between once per week and once per month',
    low: 'Fewer than once per month',
  },
  leadTime: {
    elite: 'Less than one day',
    high: 'Between one day and one week',
    medium: 'Between one week and one month',
    low: 'More than one month',
  },
  changeFailureRate: {
    elite: '5% or less',
    high: '10% or less',
    medium: '15% or less',
    low: 'More than 15%',
  },
  timeToRestore: {
    elite: 'Less than one hour',
    high: 'Less than one day',
    medium: 'Less than one week',
    low: 'One week or more',
  },
} as const;

export const doraBandLabels: Record<DoraBand, string> = {
  elite: 'Elite',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const doraKeySchema = z.enum([
  'deploymentFrequency',
  'leadTime',
  'changeFailureRate',
  'timeToRestore',
]);
export type DoraKey = z.infer<typeof doraKeySchema>;

export const doraKeyTitles: Record<DoraKey, string> = {
  deploymentFrequency: 'Deployment frequency',
  leadTime: 'Lead time for changes',
  changeFailureRate: 'Change failure rate',
  timeToRestore: 'Time to restore service',
};

export const DORA_SURVEY_NOTE =
  "The bands come from a yearly survey: Google's DORA State of DevOps report, using its 2023 thresholds as Apache DevLake applies them.";

export const CHANGE_FAILURE_RULE =
  'A production deployment counts as a change failure when it ends in an error, or when the next production deployment of the same project, within 24 hours of it going live, is a revert (its commit or pull-request title starts with "Revert") or a rollback (it ships a commit an earlier production deployment already shipped).';

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
export const reviewStateSchema = z.enum(['approved', 'changes_requested', 'review_required']);
export type ReviewState = z.infer<typeof reviewStateSchema>;

export const checksStateSchema = z.enum(['passing', 'failing', 'pending', 'none']);
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
export const SHIP_STAGE_ORDER = [
  'review',
  'checks',
  'preview',
  'merged',
  'production_building',
  'live',
] as const satisfies readonly ShipStage[];

export const etaSchema = z.object({
  /** When the building deployment should be ready (ISO). */
  expectedReadyAt: z.string(),
  medianBuildSeconds: z.number().int(),
  sampleSize: z.number().int(),
});
export type Eta = z.infer<typeof etaSchema>;

/** The fields `/api/github/pull-requests` items gain. */
export const shipStatusSchema = z.object({
  review: reviewStateSchema,
  checks: checksStateSchema,
  preview: previewStatusSchema,
  stage: shipStageSchema,
  /** Present while a preview or production deployment of this change builds and history allows an estimate. */
  eta: etaSchema.nullable(),
});
export type ShipStatus = z.infer<typeof shipStatusSchema>;

export const shipStageLabels: Record<ShipStage, string> = {
  review: 'In review',
  checks: 'Checks',
  preview: 'Preview',
  merged: 'Merged',
  production_building: 'Production building',
  live: 'Live',
  closed: 'Closed',
};

export const reviewStateLabels: Record<ReviewState, string> = {
  approved: 'Approved',
  changes_requested: 'Changes requested',
  review_required: 'Review required',
};

export const checksStateLabels: Record<ChecksState, string> = {
  passing: 'Checks passing',
  failing: 'Checks failing',
  pending: 'Checks pending',
  none: 'No checks',
};

export const previewStateLabels: Record<PreviewStatus['state'], string> = {
  none: 'No preview',
  building: 'Preview building',
  ready: 'Preview ready',
  failed: 'Preview failed',
};

/** Filters the pull requests page gains beside the spec's all/open/closed/merged. */
export const shipFilterSchema = z.enum([
  'needs_my_review',
  'mine',
  'failing_checks',
  'ready_to_merge',
]);
export type ShipFilter = z.infer<typeof shipFilterSchema>;
export const shipFilterLabels: Record<ShipFilter, string> = {
  needs_my_review: 'Needs my review',
  mine: 'Mine',
  failing_checks: 'Failing checks',
  ready_to_merge: 'Ready to merge',
};

/** A duration in minutes for people: "45 min", "2.1 h", "3.5 days". */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 48 * 60) return `${Math.round((minutes / 60) * 10) / 10} h`;
  return `${Math.round((minutes / (24 * 60)) * 10) / 10} days`;
}

export const insightsMessages = {
  loadInsights: 'Failed to load insights',
  noDeploymentsTitle: 'No deployment data yet',
  noDeploymentsDescription:
    'DORA figures are computed from the production deployments Shipdeck has synced from Vercel, joined with your GitHub pull requests and commits. Shipdeck holds no deployments for your repositories yet; the figures appear here once it does, with no further setup.',
  budgetUnavailable: 'GitHub budget unavailable',
} as const;

/** "ready in about 2 min" from the milliseconds left; never promises a past time. */
export function formatEta(remainingMs: number): string {
  if (remainingMs <= 30_000) return 'ready any moment now';
  const minutes = Math.max(1, Math.round(remainingMs / 60_000));
  if (minutes < 60) return `ready in about ${minutes} min`;
  const hours = Math.round(minutes / 60);
  return `ready in about ${hours} h`;
}

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
