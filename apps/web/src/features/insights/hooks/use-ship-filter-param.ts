import type { ShipFilter } from '@shipdeck/shared/insights';
import { isShipFilter } from '@shipdeck/shared/insights-constants';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const SHIP_FILTER_PARAM = 'ship';

/**
 * The pull-request ship filter, kept in the address bar beside the list's own filter and sort.
 * Anything that is not one of the filters reads as no filter; a change starts from the first page.
 */
export function useShipFilterParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(SHIP_FILTER_PARAM);
  const ship: ShipFilter | undefined = isShipFilter(param) ? param : undefined;
  const setShip = useCallback(
    (value: ShipFilter | undefined) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(SHIP_FILTER_PARAM, value);
          else next.delete(SHIP_FILTER_PARAM);
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return { ship, setShip };
}
