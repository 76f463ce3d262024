import type { DeploymentFrequency } from '@shipdeck/shared/insights';
import { DAY_MS } from '../../lib/clock.js';
import { deploymentFrequencyBand } from './dora-bands.js';
import type { DeploymentRecord, MetricWindow } from './dora-records.js';
import {
  dayKey,
  isInside,
  median,
  plural,
  productionHistory,
  roundTo,
  trendOf,
  WEEK_MS,
} from './dora-window.js';

const MONTH_MS = 30 * DAY_MS;

/** Distinct UTC days with a deployment, per period counted back from the window's end. */
function deploymentDaysPerPeriod(
  window: MetricWindow,
  readyTimes: readonly number[],
  periodMs: number,
): number[] {
  // Whole periods only (a partial one would pull the median down); a window shorter than one
  // period is one period of its own length.
  const periods = Math.max(1, Math.floor((window.to - window.from) / periodMs));
  const days = Array.from({ length: periods }, () => new Set<string>());
  for (const at of readyTimes) {
    const index = Math.floor((window.to - 1 - at) / periodMs);
    days[index]?.add(dayKey(at));
  }
  return days.map((set) => set.size);
}

/** Production deployments that reached READY, timed by when they became ready. */
export function computeDeploymentFrequency(
  deployments: readonly DeploymentRecord[],
  window: MetricWindow,
): DeploymentFrequency {
  const ready = productionHistory(deployments).filter(
    (deployment) =>
      deployment.state === 'READY' && isInside(window, deployment.readyAt ?? deployment.createdAt),
  );
  const readyTimes = ready.map((deployment) => deployment.readyAt ?? deployment.createdAt);
  const perWeek = median(deploymentDaysPerPeriod(window, readyTimes, WEEK_MS)) ?? 0;
  const perMonth = median(deploymentDaysPerPeriod(window, readyTimes, MONTH_MS)) ?? 0;
  const days = Math.round((window.to - window.from) / DAY_MS);
  const total = ready.length;
  const band = total === 0 ? null : deploymentFrequencyBand(perWeek, perMonth);
  return {
    band,
    total,
    perDay: roundTo(total / days, 2),
    medianDeploymentDaysPerWeek: perWeek,
    medianDeploymentDaysPerMonth: perMonth,
    deploymentCount: total,
    trend: trendOf(
      window,
      readyTimes,
      (at) => at,
      (group) => group.length,
    ),
    explanation:
      total === 0
        ? `No production deployment reached READY in the last ${days} days, so there is nothing to rate.`
        : `${plural(total, 'production deployment')} reached READY in the last ${days} days. ` +
          `The band uses deployment days (a day with any number of deployments counts once): ` +
          `a median of ${perWeek} per week and ${perMonth} per 30 days.`,
  };
}
