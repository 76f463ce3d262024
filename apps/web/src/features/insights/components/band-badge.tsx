import type { DoraBand, DoraKey } from '@shipdeck/shared/insights';
import { doraBandDescriptions, doraBandLabels } from '@shipdeck/shared/insights-constants';
import { Gauge } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const bandVariant: Record<DoraBand, BadgeProps['variant']> = {
  elite: 'success',
  high: 'info',
  medium: 'warning',
  low: 'danger',
};

const descriptionKey = {
  deploymentFrequency: 'deploymentFrequency',
  leadTime: 'leadTime',
  changeFailureRate: 'changeFailureRate',
  timeToRestore: 'timeToRestore',
} as const satisfies Record<DoraKey, keyof typeof doraBandDescriptions>;

/** The band in words, with its published threshold; colour only repeats what the text says. */
export function BandBadge({ metric, band }: { metric: DoraKey; band: DoraBand | null }) {
  if (band === null) {
    return (
      <Badge variant="secondary">
        <Gauge aria-hidden="true" />
        No band: not enough data
      </Badge>
    );
  }
  return (
    <Badge variant={bandVariant[band]} className="max-w-full">
      <Gauge aria-hidden="true" />
      {/* Wraps on a phone: on the badge itself it would lose to the badge's own nowrap. */}
      <span className="whitespace-normal">
        {doraBandLabels[band]} band
        <span className="font-normal"> · {doraBandDescriptions[descriptionKey[metric]][band]}</span>
      </span>
    </Badge>
  );
}
