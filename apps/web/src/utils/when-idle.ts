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

/** What a visitor does that counts as their first interaction with the page. */
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** Save-Data is on, or the connection is slow (2G): nothing is fetched ahead of its use. */
export function prefersLessData(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return false;
  return connection.saveData === true || /(^|-)2g$/.test(connection.effectiveType ?? '');
}

/**
 * Runs `prefetch` once the page is interactive, its first interaction has been answered (a frame
 * after it) and the browser is then idle (issue 34): code fetched for a later click never
 * competes with hydration or with what the visitor did first, and is not part of the page's first
 * load. Never on Save-Data or a slow connection: there the click fetches what it needs. Returns a
 * cancel, for an effect's cleanup.
 */
export function prefetchAfterFirstInteraction(prefetch: () => void): () => void {
  if (prefersLessData()) return () => undefined;
  let cancelIdle: (() => void) | null = null;
  let frame = 0;
  const onInteraction = () => {
    stopListening();
    // The interaction's own handlers and its frame first.
    frame = requestAnimationFrame(() => {
      frame = 0;
      cancelIdle = whenIdle(prefetch);
    });
  };
  const stopListening = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true);
  };
  for (const type of INTERACTIONS) {
    window.addEventListener(type, onInteraction, { capture: true, passive: true });
  }
  return () => {
    stopListening();
    if (frame !== 0) cancelAnimationFrame(frame);
    cancelIdle?.();
  };
}
