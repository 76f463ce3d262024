import type { ShipFilter } from '@shipdeck/shared/insights';
import {
  SHIP_FILTERS,
  shipFilterLabels,
  shipFilterRules,
} from '@shipdeck/shared/insights-constants';
import { ListChoice } from '@/components/ui/list-toolbar';
import { useShipFilterParam } from '../hooks/use-ship-filter-param';

const ALL = 'all';
type ShipChoice = ShipFilter | typeof ALL;

const options: { value: ShipChoice; label: string }[] = [
  { value: ALL, label: 'All pull requests' },
  ...SHIP_FILTERS.map((value) => ({ value, label: shipFilterLabels[value] })),
];

/** "Needs my review", "Mine", "Failing checks", "Ready to merge": narrows the pull-request list. */
export function ShipFilterSelect() {
  const { ship, setShip } = useShipFilterParam();
  return (
    <ListChoice
      label="Show"
      value={ship ?? ALL}
      options={options}
      onChange={(value) => setShip(value === ALL ? undefined : value)}
      className="sm:w-44"
      containerClassName="basis-full sm:basis-auto"
    />
  );
}

/** What the chosen ship filter keeps, in words, so "ready to merge" is never a guess. */
export function ShipFilterRule() {
  const { ship } = useShipFilterParam();
  if (!ship) return null;
  return (
    <p data-testid="ship-filter-rule" className="text-xs text-zinc-500 dark:text-zinc-400">
      <span className="font-medium text-zinc-700 dark:text-zinc-300">
        {shipFilterLabels[ship]}:
      </span>{' '}
      {shipFilterRules[ship]}
    </p>
  );
}
