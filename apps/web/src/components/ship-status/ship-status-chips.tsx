import type { ShipStatus } from '@shipdeck/shared/insights';
import {
  checksStateLabels,
  previewStateLabels,
  reviewStateLabels,
  shipActionLabels,
} from '@shipdeck/shared/insights-constants';
import {
  CircleCheck,
  CircleDashed,
  CircleX,
  Clock,
  Eye,
  Hammer,
  type LucideIcon,
  RefreshCw,
  Timer,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { externalUrl } from '@/utils/external-url';
import { EtaText } from './eta-text';
import { ShipStageLabel } from './ship-stage-label';

type Chip = { icon: LucideIcon; text: string; variant: BadgeProps['variant'] };

const reviewChips: Record<ShipStatus['review'], Chip> = {
  approved: { icon: CircleCheck, text: reviewStateLabels.approved, variant: 'success' },
  changes_requested: {
    icon: CircleX,
    text: reviewStateLabels.changes_requested,
    variant: 'danger',
  },
  review_required: { icon: Eye, text: reviewStateLabels.review_required, variant: 'warning' },
};

const checksChips: Record<ShipStatus['checks'], Chip> = {
  passing: { icon: CircleCheck, text: checksStateLabels.passing, variant: 'success' },
  failing: { icon: CircleX, text: checksStateLabels.failing, variant: 'danger' },
  pending: { icon: Clock, text: checksStateLabels.pending, variant: 'warning' },
  none: { icon: CircleDashed, text: checksStateLabels.none, variant: 'secondary' },
};

const previewChips: Record<ShipStatus['preview']['state'], Chip> = {
  ready: { icon: Eye, text: previewStateLabels.ready, variant: 'success' },
  building: { icon: Hammer, text: previewStateLabels.building, variant: 'info' },
  failed: { icon: CircleX, text: previewStateLabels.failed, variant: 'danger' },
  none: { icon: CircleDashed, text: previewStateLabels.none, variant: 'secondary' },
};

const rerunningChip: Chip = {
  icon: RefreshCw,
  text: shipActionLabels.checksRerunning,
  variant: 'info',
};
const autoMergeChip: Chip = { icon: Timer, text: shipActionLabels.autoMerge, variant: 'primary' };

function ChipBadge({ chip }: { chip: Chip }) {
  const Icon = chip.icon;
  return (
    <Badge variant={chip.variant} size="sm">
      <Icon aria-hidden="true" />
      {chip.text}
    </Badge>
  );
}

/**
 * Review, checks, preview and stage of one pull request at a glance. Every chip says its state
 * in words; colour and icon only repeat it. The ETA goes with the build it is for: beside the
 * stage while production builds, beside the preview chip while the preview builds (next to
 * "In review" it would read as a time for the review). While a re-run of failed checks runs, the
 * checks chip says so; `checksAction` (re-run failed checks) goes beside failing checks.
 */
export function ShipStatusChips({
  status,
  checksAction,
}: {
  status: ShipStatus;
  checksAction?: ReactNode;
}) {
  const preview = previewChips[status.preview.state];
  const productionEta = status.stage === 'production_building' ? status.eta : null;
  const previewEta =
    productionEta === null && status.preview.state === 'building' ? status.eta : null;
  return (
    <ul aria-label="Ship status" className="flex flex-wrap items-center gap-1.5">
      <li className="flex items-center">
        <ShipStageLabel stage={status.stage} eta={productionEta} />
      </li>
      <li>
        <ChipBadge chip={reviewChips[status.review]} />
      </li>
      <li className="flex flex-wrap items-center gap-1">
        <ChipBadge chip={status.checksRerunning ? rerunningChip : checksChips[status.checks]} />
        {status.checks === 'failing' && !status.checksRerunning ? checksAction : null}
      </li>
      <li className="flex flex-wrap items-center gap-1 text-[11px]">
        {status.preview.state === 'ready' ? (
          <a
            href={externalUrl(status.preview.url)}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <ChipBadge chip={preview} />
            <span className="sr-only"> (opens the preview)</span>
          </a>
        ) : (
          <ChipBadge chip={preview} />
        )}
        {previewEta ? (
          <>
            {' '}
            <EtaText eta={previewEta} />
          </>
        ) : null}
      </li>
      {status.autoMerge ? (
        <li>
          <ChipBadge chip={autoMergeChip} />
        </li>
      ) : null}
    </ul>
  );
}
