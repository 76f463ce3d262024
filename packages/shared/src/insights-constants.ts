// The insights feature's constants, texts and pure helpers, apart from its schemas (insights.ts)
// so the web pages that show them do not download zod. The schemas build on these, and this file
// imports nothing of theirs: each kind's values and type are declared here.

export const DORA_BANDS = ['elite', 'high', 'medium', 'low'] as const;
export type DoraBand = (typeof DORA_BANDS)[number];

export const DORA_KEYS = [
  'deploymentFrequency',
  'leadTime',
  'changeFailureRate',
  'timeToRestore',
] as const;
export type DoraKey = (typeof DORA_KEYS)[number];

export const REVIEW_STATES = ['approved', 'changes_requested', 'review_required'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const CHECKS_STATES = ['passing', 'failing', 'pending', 'none'] as const;
export type ChecksState = (typeof CHECKS_STATES)[number];

/** The kinds of a pull request's preview deployment (`PreviewStatus['state']`). */
export const PREVIEW_STATES = ['none', 'building', 'ready', 'failed'] as const;
export type PreviewState = (typeof PREVIEW_STATES)[number];

/** Windows the insights page and `GET /api/insights/dora` offer, in days. */
export const INSIGHTS_WINDOWS = [7, 30, 90] as const;
export type InsightsWindow = (typeof INSIGHTS_WINDOWS)[number];
export const INSIGHTS_DEFAULT_WINDOW: InsightsWindow = 30;

/** A deployment counts as a change failure when a revert or rollback follows it this soon. */
export const CHANGE_FAILURE_FOLLOW_UP_MS = 24 * 60 * 60 * 1000;
/** The pipeline ETA is the median build time of this many of the project's latest builds. */
export const ETA_SAMPLE_SIZE = 20;

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

/** The ship-status line's words for the pull-request actions (issue 37), without zod for the rows. */
export const shipActionLabels = {
  /** A re-run of failed checks was asked for; its new results have not arrived yet. */
  checksRerunning: 'Re-running',
  /** Merge when ready (GitHub's auto-merge) is on. */
  autoMerge: 'Merge when ready',
} as const;

export const previewStateLabels: Record<PreviewState, string> = {
  none: 'No preview',
  building: 'Preview building',
  ready: 'Preview ready',
  failed: 'Preview failed',
};

/** Filters the pull requests page gains beside the spec's all/open/closed/merged. */
export const SHIP_FILTERS = [
  'needs_my_review',
  'mine',
  'failing_checks',
  'ready_to_merge',
] as const;
export type ShipFilter = (typeof SHIP_FILTERS)[number];

/** Reads a `?ship=` value without a schema library: one of SHIP_FILTERS, or not a filter. */
export function isShipFilter(value: unknown): value is ShipFilter {
  return (SHIP_FILTERS as readonly unknown[]).includes(value);
}

export const shipFilterLabels: Record<ShipFilter, string> = {
  needs_my_review: 'Needs my review',
  mine: 'Mine',
  failing_checks: 'Failing checks',
  ready_to_merge: 'Ready to merge',
};
/** What each ship filter keeps, in words: the page's hint and the API docs say the same. */
export const shipFilterRules: Record<ShipFilter, string> = {
  needs_my_review: 'Open, not draft, and you are among the requested reviewers.',
  mine: 'You opened it.',
  failing_checks: 'Open, and a check run or commit status on its head commit failed.',
  ready_to_merge:
    'Open, not draft, approved with no changes requested or reviews still asked for, and every check on its head commit passed.',
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
