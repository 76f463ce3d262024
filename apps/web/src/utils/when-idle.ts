/**
 * The mark `whenIdle` leaves when its work starts: bench/web.ts counts what a page fetches
 * from then on as prefetched when idle, not as the page's first load.
 */
export const IDLE_MARK = 'shipdeck-idle';

/** The longest wait for an idle moment: a page that never idles still gets the work done. */
const IDLE_TIMEOUT_MS = 3_000;
/** Without requestIdleCallback (Safari), a delay that keeps the work off the first paint. */
const FALLBACK_DELAY_MS = 500;

/**
 * Runs `work` once the browser is idle (after the page has painted and settled), so what it
 * loads never competes with what the page needs first. Returns a cancel, for an effect's
 * cleanup.
 */
export function whenIdle(work: () => void): () => void {
  const run = () => {
    performance.mark(IDLE_MARK);
    work();
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(handle);
}
