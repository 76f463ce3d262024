import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { useHydrated } from '@/hooks/use-hydrated';

export type DrawnWhileOpen = {
  /**
   * Whether to render what the surface shows: on the server-drawn page until the app has
   * hydrated (so a press before then opens it whole), while it is open, and from the press on.
   * A closed surface is otherwise empty: its hidden words would be found beside the page's own
   * by text and label.
   */
  drawn: boolean;
  /**
   * Call on the press that opens it, before the browser shows it: its content renders in the
   * press's own task, so the browser shows it whole. Nothing when it is open already.
   */
  press: () => void;
};

/**
 * The content of a header surface the browser opens (a popover, a dialog; issue 34), rendered
 * while it can be seen or opened before the app runs (`drawn`). `open` is the surface's state as the component last read it,
 * `isOpenNow` reads it from the element at the press (stable across renders, so `press` is).
 */
export function useDrawnWhileOpen(open: boolean, isOpenNow: () => boolean): DrawnWhileOpen {
  // Ended once it shows: `open` keeps it drawn from then on, and its closing empties it again.
  const [pressed, setPressed] = useState(false);
  if (pressed && open) setPressed(false);
  const hydrated = useHydrated();
  const press = useCallback(() => {
    if (!isOpenNow()) flushSync(() => setPressed(true));
  }, [isOpenNow]);
  return { drawn: !hydrated || open || pressed, press };
}
