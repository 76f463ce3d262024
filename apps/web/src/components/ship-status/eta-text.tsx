import type { Eta } from '@shipdeck/shared/insights';
import { formatEta } from '@shipdeck/shared/ship-stages';
import { useEffect, useState } from 'react';

/** "ready in about 2 min", counting down while the page is open. */
export function EtaText({ eta }: { eta: Eta }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span
      title={`Median build time of the project's last ${eta.sampleSize} builds`}
      className="font-normal text-zinc-500 dark:text-zinc-400"
    >
      · {formatEta(Date.parse(eta.expectedReadyAt) - now)}
    </span>
  );
}
