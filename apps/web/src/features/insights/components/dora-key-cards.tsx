import type { DoraResult } from '@shipdeck/shared/insights';
import { formatDuration } from '@shipdeck/shared/insights-constants';
import { DoraKeyCard } from './dora-key-card';
import { durationAxis } from './duration-axis';

const count = (value: number, word: string) => `${value} ${word}${value === 1 ? '' : 's'}`;

/** The four keys of one answer, laid out two by two on wide screens. */
export function DoraKeyCards({ result }: { result: DoraResult }) {
  const { deploymentFrequency, leadTime, changeFailureRate, timeToRestore } = result.metrics;
  const bucket = result.bucket;
  const leadAxis = durationAxis(leadTime.trend);
  const restoreAxis = durationAxis(timeToRestore.trend);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <DoraKeyCard
        metric="deploymentFrequency"
        figure={`${deploymentFrequency.perDay} / day`}
        detail={`${count(deploymentFrequency.total, 'production deployment')} in ${result.days} days`}
        band={deploymentFrequency.band}
        trend={deploymentFrequency.trend}
        bucket={bucket}
        trendLabel="Production deployments"
        formatValue={(value) => count(value, 'deployment')}
        formatTick={String}
        explanation={deploymentFrequency.explanation}
      />
      <DoraKeyCard
        metric="leadTime"
        figure={leadTime.medianMinutes === null ? null : formatDuration(leadTime.medianMinutes)}
        detail={`median over ${count(leadTime.changeCount, 'change')}`}
        band={leadTime.band}
        trend={leadAxis.points}
        bucket={bucket}
        trendLabel="Median lead time"
        formatValue={leadAxis.formatValue}
        formatTick={leadAxis.formatTick}
        explanation={leadTime.explanation}
      />
      <DoraKeyCard
        metric="changeFailureRate"
        figure={changeFailureRate.percent === null ? null : `${changeFailureRate.percent}%`}
        detail={`${changeFailureRate.failedCount} of ${count(changeFailureRate.deploymentCount, 'deployment')}`}
        band={changeFailureRate.band}
        trend={changeFailureRate.trend}
        bucket={bucket}
        trendLabel="Change failure rate"
        formatValue={(value) => `${value}%`}
        formatTick={(value) => `${value}%`}
        explanation={changeFailureRate.explanation}
      />
      <DoraKeyCard
        metric="timeToRestore"
        figure={
          timeToRestore.medianMinutes === null ? null : formatDuration(timeToRestore.medianMinutes)
        }
        detail={`median over ${count(timeToRestore.restoredCount, 'restored failure')}`}
        band={timeToRestore.band}
        trend={restoreAxis.points}
        bucket={bucket}
        trendLabel="Median time to restore"
        formatValue={restoreAxis.formatValue}
        formatTick={restoreAxis.formatTick}
        explanation={timeToRestore.explanation}
      />
    </div>
  );
}
