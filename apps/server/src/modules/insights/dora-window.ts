import type { TrendBucket, TrendPoint } from '@shipdeck/shared/insights';
import type { InsightsWindow } from '@shipdeck/shared/insights-constants';
import { DAY_MS } from '../../lib/clock.js';
import type { DeploymentRecord, MetricWindow } from './dora-records.js';

export const WEEK_MS = 7 * DAY_MS;

/** The window ends at the end of today (UTC) so that today's deployments are inside it. */
export function windowEndingAt(now: number, days: InsightsWindow): MetricWindow {
  const to = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  return { from: to - days * DAY_MS, to };
}

export function isInside(window: MetricWindow, at: number): boolean {
  return at >= window.from && at < window.to;
}

/** Daily points up to a month; weekly points for 90 days, so the chart stays readable. */
export function trendBucketFor(window: MetricWindow): TrendBucket {
  return window.to - window.from > 31 * DAY_MS ? 'week' : 'day';
}

export function dayKey(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Bucket start times, oldest first, counting back from the window's end. */
export function bucketStarts(window: MetricWindow, bucket: TrendBucket): number[] {
  const size = bucket === 'week' ? WEEK_MS : DAY_MS;
  const starts: number[] = [];
  for (let start = window.to - size; start >= window.from; start -= size) starts.unshift(start);
  return starts;
}

/** Groups timed values into the window's trend buckets and reduces each group to one figure. */
export function trendOf<T>(
  window: MetricWindow,
  items: readonly T[],
  timeOf: (item: T) => number,
  reduce: (group: readonly T[]) => number | null,
): TrendPoint[] {
  const bucket = trendBucketFor(window);
  const size = bucket === 'week' ? WEEK_MS : DAY_MS;
  const starts = bucketStarts(window, bucket);
  const first = starts[0] ?? window.from;
  const groups: T[][] = starts.map(() => []);
  for (const item of items) {
    const index = Math.floor((timeOf(item) - first) / size);
    groups[index]?.push(item);
  }
  return starts.map((start, index) => ({
    start: dayKey(start),
    value: reduce(groups[index] ?? []),
  }));
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  if (sorted.length % 2 === 1) return upper;
  return ((sorted[middle - 1] ?? 0) + upper) / 2;
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Production deployments, oldest first: events may arrive in any order. */
export function productionHistory(deployments: readonly DeploymentRecord[]): DeploymentRecord[] {
  return deployments
    .filter((deployment) => deployment.production)
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

export function groupByProject(
  deployments: readonly DeploymentRecord[],
): Map<string, DeploymentRecord[]> {
  const byProject = new Map<string, DeploymentRecord[]>();
  for (const deployment of deployments) {
    const list = byProject.get(deployment.projectId) ?? [];
    list.push(deployment);
    byProject.set(deployment.projectId, list);
  }
  return byProject;
}

/** "1 deployment", "3 deployments". */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
