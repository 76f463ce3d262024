import { useCallback, useEffect, useState } from 'react';
import { prefetchAfterFirstInteraction } from '@/utils/when-idle';

/**
 * Whether a lazily loaded header surface (a menu, a popover) is mounted behind its trigger:
 * from the moment its code has loaded (prefetched once the page's first interaction has been
 * answered and the browser is idle, issue 34), so a later press only opens
 * it (the surface's own handler) instead of mounting it first (issue 27), or from `mount()`, for
 * a press that comes sooner. A failed prefetch is no error to report: the press fetches the code
 * again.
 */
export function useMountedWhenIdle(preload: () => Promise<unknown>): [boolean, () => void] {
  const [mounted, setMounted] = useState(false);
  useEffect(
    () =>
      prefetchAfterFirstInteraction(() => {
        preload().then(
          () => setMounted(true),
          () => undefined,
        );
      }),
    [preload],
  );
  return [mounted, useCallback(() => setMounted(true), [])];
}
