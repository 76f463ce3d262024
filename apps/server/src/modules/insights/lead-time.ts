import { formatDuration } from '@shipdeck/shared/insights-constants';
import type { LeadTime } from '@shipdeck/shared/insights';
import { leadTimeBand } from './dora-bands.js';
import type { ChangeRecord, DeploymentRecord, MetricWindow } from './dora-records.js';
import {
  groupByProject,
  isInside,
  median,
  plural,
  productionHistory,
  roundTo,
  trendOf,
} from './dora-window.js';

interface ShippedChange {
  deployment: DeploymentRecord;
  readyAt: number;
  minutes: number;
}

/**
 * The deployment that shipped a change: the first READY production build of its project carrying
 * one of its SHAs, else the first READY production build created after it was merged (a build of
 * the production branch made after the merge contains it).
 */
function shippingDeployment(
  change: ChangeRecord,
  readyOfProject: readonly DeploymentRecord[],
): DeploymentRecord | undefined {
  const bySha = readyOfProject.find(
    (deployment) => deployment.commitSha !== null && change.shas.includes(deployment.commitSha),
  );
  return bySha ?? readyOfProject.find((deployment) => deployment.createdAt >= change.mergedAt);
}

export function computeLeadTime(
  changes: readonly ChangeRecord[],
  deployments: readonly DeploymentRecord[],
  window: MetricWindow,
): LeadTime {
  const readyByProject = groupByProject(
    productionHistory(deployments)
      .filter((deployment) => deployment.state === 'READY' && deployment.readyAt !== null)
      .sort((a, b) => (a.readyAt ?? 0) - (b.readyAt ?? 0)),
  );
  const shipped: ShippedChange[] = [];
  for (const change of changes) {
    const deployment = shippingDeployment(change, readyByProject.get(change.projectId) ?? []);
    const readyAt = deployment?.readyAt;
    if (!deployment || readyAt == null || !isInside(window, readyAt)) continue;
    // Its changes may be a year old: measuring them would say how long Shipdeck was not looking.
    if (deployment.firstRecorded) continue;
    shipped.push({
      deployment,
      readyAt,
      minutes: Math.max(0, (readyAt - change.firstCommitAt) / 60_000),
    });
  }
  const medianMinutes = median(shipped.map((change) => change.minutes));
  const deploymentCount = new Set(shipped.map((change) => change.deployment.id)).size;
  return {
    band: medianMinutes === null ? null : leadTimeBand(medianMinutes),
    medianMinutes: medianMinutes === null ? null : roundTo(medianMinutes, 1),
    changeCount: shipped.length,
    deploymentCount,
    trend: trendOf(
      window,
      shipped,
      (change) => change.readyAt,
      (group) => {
        const value = median(group.map((change) => change.minutes));
        return value === null ? null : roundTo(value, 1);
      },
    ),
    explanation:
      medianMinutes === null
        ? 'No change reached production in this window, so there is no lead time to measure.'
        : `Median time from a change's first commit to the production deployment that shipped it: ` +
          `${formatDuration(medianMinutes)}, over ${plural(shipped.length, 'change')} shipped by ` +
          `${plural(deploymentCount, 'production deployment')}. Changes are joined to deployments ` +
          `by commit SHA, or else by the first production build after the merge. A project's ` +
          `first recorded production deployment is left out: it carries every change made ` +
          `before it, however old.`,
  };
}
