import type { DoraBand } from '@shipdeck/shared/insights';
import { DORA_THRESHOLDS } from '@shipdeck/shared/insights-constants';

const { deploymentFrequency, leadTimeMinutes, changeFailurePercent, timeToRestoreMinutes } =
  DORA_THRESHOLDS;

/** DevLake counts deployment days: a day with several deployments counts once. */
export function deploymentFrequencyBand(
  medianDaysPerWeek: number,
  medianDaysPerMonth: number,
): DoraBand {
  if (medianDaysPerWeek >= deploymentFrequency.eliteDaysPerWeek) return 'elite';
  if (medianDaysPerWeek >= deploymentFrequency.highDaysPerWeek) return 'high';
  if (medianDaysPerMonth >= deploymentFrequency.mediumDaysPerMonth) return 'medium';
  return 'low';
}

export function leadTimeBand(medianMinutes: number): DoraBand {
  if (medianMinutes < leadTimeMinutes.elite) return 'elite';
  if (medianMinutes < leadTimeMinutes.high) return 'high';
  if (medianMinutes < leadTimeMinutes.medium) return 'medium';
  return 'low';
}

export function changeFailureRateBand(percent: number): DoraBand {
  if (percent <= changeFailurePercent.elite) return 'elite';
  if (percent <= changeFailurePercent.high) return 'high';
  if (percent <= changeFailurePercent.medium) return 'medium';
  return 'low';
}

export function timeToRestoreBand(medianMinutes: number): DoraBand {
  if (medianMinutes < timeToRestoreMinutes.elite) return 'elite';
  if (medianMinutes < timeToRestoreMinutes.high) return 'high';
  if (medianMinutes < timeToRestoreMinutes.medium) return 'medium';
  return 'low';
}
