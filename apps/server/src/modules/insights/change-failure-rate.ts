import type { ChangeFailureRate } from '@shipdeck/shared/insights';
import {
  CHANGE_FAILURE_FOLLOW_UP_MS,
  CHANGE_FAILURE_RULE,
} from '@shipdeck/shared/insights-constants';
import { changeFailureRateBand } from './dora-bands.js';
import type { DeploymentRecord, MetricWindow } from './dora-records.js';
import {
  groupByProject,
  isInside,
  plural,
  productionHistory,
  roundTo,
  trendOf,
} from './dora-window.js';

export type FailureCause = 'error' | 'revert' | 'rollback';

export interface ClassifiedDeployment {
  deployment: DeploymentRecord;
  /** Null when the deployment did not fail. */
  cause: FailureCause | null;
  /** The deployment that ended the failure (the revert or rollback); undefined for errors. */
  followedBy?: DeploymentRecord;
}

const FINISHED = new Set(['READY', 'ERROR']);

export function isRevert(deployment: DeploymentRecord): boolean {
  return /^revert\b/i.test(deployment.commitTitle?.trim() ?? '');
}

/**
 * Classifies every finished production deployment per project, oldest first, by the rule in
 * CHANGE_FAILURE_RULE. A deployment is followed by the next READY one of its project only.
 */
export function classifyProductionDeployments(
  deployments: readonly DeploymentRecord[],
): ClassifiedDeployment[] {
  const classified: ClassifiedDeployment[] = [];
  for (const history of groupByProject(productionHistory(deployments)).values()) {
    const finished = history.filter((deployment) => FINISHED.has(deployment.state));
    const shippedShas = new Set<string>();
    const ready = finished.filter((deployment) => deployment.state === 'READY');
    // Rollbacks: a READY build of a SHA an earlier READY build already shipped, after another one.
    const rollbacks = new Set<string>();
    let liveSha: string | null = null;
    for (const deployment of ready) {
      const sha = deployment.commitSha;
      if (sha !== null && sha !== liveSha && shippedShas.has(sha)) rollbacks.add(deployment.id);
      if (sha !== null) shippedShas.add(sha);
      liveSha = sha;
    }
    for (const deployment of finished) {
      if (deployment.state === 'ERROR') {
        classified.push({ deployment, cause: 'error' });
        continue;
      }
      const index = ready.indexOf(deployment);
      const next = ready[index + 1];
      const liveAt = deployment.readyAt ?? deployment.createdAt;
      const soon = next !== undefined && next.createdAt - liveAt <= CHANGE_FAILURE_FOLLOW_UP_MS;
      if (soon && rollbacks.has(next.id)) {
        classified.push({ deployment, cause: 'rollback', followedBy: next });
      } else if (soon && isRevert(next)) {
        classified.push({ deployment, cause: 'revert', followedBy: next });
      } else {
        classified.push({ deployment, cause: null });
      }
    }
  }
  return classified.sort((a, b) => a.deployment.createdAt - b.deployment.createdAt);
}

function percentOf(group: readonly ClassifiedDeployment[]): number | null {
  if (group.length === 0) return null;
  const failed = group.filter((item) => item.cause !== null).length;
  return roundTo((failed / group.length) * 100, 1);
}

export function computeChangeFailureRate(
  deployments: readonly DeploymentRecord[],
  window: MetricWindow,
): ChangeFailureRate {
  const inWindow = classifyProductionDeployments(deployments).filter((item) =>
    isInside(window, item.deployment.createdAt),
  );
  const count = (cause: FailureCause) => inWindow.filter((item) => item.cause === cause).length;
  const failedCount = inWindow.filter((item) => item.cause !== null).length;
  const percent = percentOf(inWindow);
  return {
    band: percent === null ? null : changeFailureRateBand(percent),
    percent,
    failedCount,
    errorCount: count('error'),
    revertCount: count('revert'),
    rollbackCount: count('rollback'),
    deploymentCount: inWindow.length,
    trend: trendOf(window, inWindow, (item) => item.deployment.createdAt, percentOf),
    explanation:
      percent === null
        ? 'No production deployment finished in this window, so there is no failure rate.'
        : `${failedCount} of ${plural(inWindow.length, 'finished production deployment')} failed ` +
          `(${count('error')} ended in an error, ${count('revert')} were reverted, ` +
          `${count('rollback')} were rolled back). ${CHANGE_FAILURE_RULE}`,
  };
}
