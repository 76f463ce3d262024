import { formatDuration } from '@shipdeck/shared/insights-constants';
import type { TimeToRestore } from '@shipdeck/shared/insights';
import { classifyProductionDeployments } from './change-failure-rate.js';
import { timeToRestoreBand } from './dora-bands.js';
import type { DeploymentRecord, MetricWindow } from './dora-records.js';
import { groupByProject, isInside, median, plural, roundTo, trendOf } from './dora-window.js';

export interface Incident {
  projectId: string;
  startedAt: number;
  /** Null while no READY production deployment has followed. */
  restoredAt: number | null;
  deploymentIds: string[];
}

/**
 * Failed production deployments become incidents: a run of consecutive errors is one incident,
 * restored by the project's next READY production deployment; a reverted or rolled-back
 * deployment is an incident from when it went live until the revert or rollback was ready.
 */
export function findIncidents(deployments: readonly DeploymentRecord[]): Incident[] {
  const incidents: Incident[] = [];
  const classified = classifyProductionDeployments(deployments);
  for (const history of groupByProject(classified.map((item) => item.deployment)).values()) {
    let open: Incident | null = null;
    for (const deployment of history) {
      const item = classified.find((entry) => entry.deployment === deployment);
      if (deployment.state === 'ERROR') {
        if (open) {
          open.deploymentIds.push(deployment.id);
        } else {
          open = {
            projectId: deployment.projectId,
            startedAt: deployment.createdAt,
            restoredAt: null,
            deploymentIds: [deployment.id],
          };
          incidents.push(open);
        }
        continue;
      }
      if (open) {
        open.restoredAt = deployment.readyAt ?? deployment.createdAt;
        open = null;
      }
      if (item?.cause && item.followedBy) {
        incidents.push({
          projectId: deployment.projectId,
          startedAt: deployment.readyAt ?? deployment.createdAt,
          restoredAt: item.followedBy.readyAt ?? item.followedBy.createdAt,
          deploymentIds: [deployment.id],
        });
      }
    }
  }
  return incidents.sort((a, b) => a.startedAt - b.startedAt);
}

export function computeTimeToRestore(
  deployments: readonly DeploymentRecord[],
  window: MetricWindow,
): TimeToRestore {
  const incidents = findIncidents(deployments).filter((incident) =>
    isInside(window, incident.startedAt),
  );
  const minutesOf = (incident: Incident) =>
    incident.restoredAt === null ? null : (incident.restoredAt - incident.startedAt) / 60_000;
  const restored = incidents.filter((incident) => incident.restoredAt !== null);
  const medianMinutes = median(restored.map((incident) => minutesOf(incident) ?? 0));
  const unrestoredCount = incidents.length - restored.length;
  const deploymentCount = incidents.reduce(
    (sum, incident) => sum + incident.deploymentIds.length,
    0,
  );
  const unrestoredNote =
    unrestoredCount === 0
      ? ''
      : ` ${plural(unrestoredCount, 'failure')} not restored yet (no READY production deployment since) ${unrestoredCount === 1 ? 'is' : 'are'} left out of the median.`;
  return {
    band: medianMinutes === null ? null : timeToRestoreBand(medianMinutes),
    medianMinutes: medianMinutes === null ? null : roundTo(medianMinutes, 1),
    restoredCount: restored.length,
    unrestoredCount,
    deploymentCount,
    trend: trendOf(
      window,
      restored,
      (incident) => incident.startedAt,
      (group) => {
        const value = median(group.map((incident) => minutesOf(incident) ?? 0));
        return value === null ? null : roundTo(value, 1);
      },
    ),
    explanation:
      (medianMinutes === null
        ? incidents.length === 0
          ? 'No production deployment failed in this window, so there was nothing to restore.'
          : 'No failed production deployment in this window has been restored yet.'
        : `Median time from a failed production deployment to the next READY production deployment ` +
          `of the same project: ${formatDuration(medianMinutes)}, over ${plural(restored.length, 'restored failure')} ` +
          `(${plural(deploymentCount, 'failed deployment')}).`) + unrestoredNote,
  };
}
