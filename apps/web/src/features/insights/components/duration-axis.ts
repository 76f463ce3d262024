import type { TrendPoint } from '@shipdeck/shared/insights';
import { formatDuration } from '@shipdeck/shared/insights-constants';

const units = [
  { below: 2 * 60, minutes: 1, suffix: 'min' },
  { below: 48 * 60, minutes: 60, suffix: 'h' },
  { below: Number.POSITIVE_INFINITY, minutes: 24 * 60, suffix: 'd' },
] as const;

export interface DurationAxis {
  /** The points in the chosen unit. */
  points: TrendPoint[];
  /** A plotted value in words ("2.1 h"), for the tooltip and the screen-reader sentence. */
  formatValue: (value: number) => string;
  /** A tick with its unit ("20 h"). */
  formatTick: (value: number) => string;
}

/**
 * A duration trend (minutes from the API) plotted in the unit its largest value reads best in, as
 * the headline figure does (formatDuration): minutes under 2 h, hours under 2 days, else days.
 */
export function durationAxis(points: readonly TrendPoint[]): DurationAxis {
  const largest = Math.max(0, ...points.map((point) => point.value ?? 0));
  const unit = units.find((candidate) => largest < candidate.below) ?? units[2];
  return {
    points: points.map((point) => ({
      start: point.start,
      value: point.value === null ? null : point.value / unit.minutes,
    })),
    formatValue: (value) => formatDuration(value * unit.minutes),
    formatTick: (value) => `${value} ${unit.suffix}`,
  };
}
