import { type ReactNode, useEffect } from 'react';

/** Runs `effect` once the tree below is on screen and live: after hydration or a first render. */
export function OnFirstCommit({ effect, children }: { effect: () => void; children: ReactNode }) {
  useEffect(() => {
    effect();
  }, [effect]);
  return children;
}
