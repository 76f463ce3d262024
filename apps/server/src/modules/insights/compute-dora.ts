import type { DoraMetrics } from '@shipdeck/shared/insights';
import { computeChangeFailureRate } from './change-failure-rate.js';
import { computeDeploymentFrequency } from './deployment-frequency.js';
import type { ChangeRecord, DeploymentRecord, MetricWindow } from './dora-records.js';
import { computeLeadTime } from './lead-time.js';
import { computeTimeToRestore } from './time-to-restore.js';

/** DORA's four keys over one window from plain records; the history before the window still counts for rollbacks and restores. */
export function computeDora(
  deployments: readonly DeploymentRecord[],
  changes: readonly ChangeRecord[],
  window: MetricWindow,
): DoraMetrics {
  return {
    deploymentFrequency: computeDeploymentFrequency(deployments, window),
    leadTime: computeLeadTime(changes, deployments, window),
    changeFailureRate: computeChangeFailureRate(deployments, window),
    timeToRestore: computeTimeToRestore(deployments, window),
  };
}
