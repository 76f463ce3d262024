import type { Eta, ShipStage } from '@shipdeck/shared/insights';
import { shipStageLabels } from '@shipdeck/shared/ship-stages';
import { CircleX, Clock, Eye, GitMerge, Hammer, Rocket, type LucideIcon } from 'lucide-react';
import { cx } from '@/utils/cx';
import { EtaText } from './eta-text';

const stageIcons: Record<ShipStage, LucideIcon> = {
  review: Eye,
  checks: Clock,
  preview: Eye,
  merged: GitMerge,
  production_building: Hammer,
  live: Rocket,
  closed: CircleX,
};

/**
 * Where a change is (review → checks → preview → merged → production building → live), in the
 * same words on pull requests, commits and deployments, with the ETA while it builds.
 */
export function ShipStageLabel({
  stage,
  eta,
  className,
}: {
  stage: ShipStage;
  eta: Eta | null;
  className?: string;
}) {
  const Icon = stageIcons[stage];
  return (
    <span
      data-testid="ship-stage"
      className={cx(
        'inline-flex flex-wrap items-center gap-1 text-[11px] font-medium text-zinc-700 dark:text-zinc-300',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3 shrink-0" />
      <span>
        <span className="sr-only">Stage: </span>
        {shipStageLabels[stage]}
      </span>
      {/* A space, so the words read "Production building · ready in about 2 min". */}
      {eta ? (
        <>
          {' '}
          <EtaText eta={eta} />
        </>
      ) : null}
    </span>
  );
}
