import { type CSSProperties, useCallback, useId, useSyncExternalStore } from 'react';
import { useDrawnWhileOpen } from './drawn-while-open';

/** Whether `element` is a shown popover (the browser's `:popover-open`). */
export function isPopoverOpen(element: Element | null): boolean {
  return element?.matches(':popover-open') ?? false;
}

const closedOnTheServer = () => false;

export type NativePopover = {
  /** Whether the popover shows: from its `toggle` events, whoever opened it. */
  open: boolean;
  /**
   * Whether to render what it shows: on the server-drawn page until the app has hydrated (so a
   * press before then opens it whole), and from the press on. A closed popover is otherwise
   * empty: its hidden words would be found beside the page's own by text and label.
   */
  drawn: boolean;
  /** Hides it (after a choice in it); nothing when it is hidden already. */
  hide: () => void;
  /** Spread on the button that opens it: the browser toggles the popover on its press. */
  triggerProps: { popoverTarget: string; style: CSSProperties; onClick: () => void };
  /** Spread on the element shown (it must stay mounted, hidden until opened). */
  popoverProps: { id: string; popover: 'auto'; className: string; style: CSSProperties };
};

/**
 * A header surface (a menu, a panel) as the browser's own popover, opened by its button's
 * `popovertarget` (issue 34). The browser opens it on the press with no script at all: a press
 * the moment a server-drawn page shows answers at once, before the app has hydrated, and a press
 * on a page still busy loading waits for no code. Light dismiss, Escape and focus returning to
 * the button come with it; it shows in the top layer, below its button (`popover-below-end` in
 * index.css). The open state is read back from the element, so one opened before hydration
 * renders as open once the app runs.
 */
export function useNativePopover(): NativePopover {
  // Hydration-stable, and unique per instance (the dashboard shows a second bell).
  const id = useId();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const element = document.getElementById(id);
      element?.addEventListener('toggle', onChange);
      return () => element?.removeEventListener('toggle', onChange);
    },
    [id],
  );
  const isOpen = useCallback(() => isPopoverOpen(document.getElementById(id)), [id]);
  const open = useSyncExternalStore(subscribe, isOpen, closedOnTheServer);
  // Pressed to open: its content renders before the browser shows it (the press's own task).
  const { drawn, press: onClick } = useDrawnWhileOpen(open, isOpen);
  const hide = useCallback(() => {
    const element = document.getElementById(id);
    if (isPopoverOpen(element)) element?.hidePopover();
  }, [id]);
  // Anchor names are dashed idents: React's ids (`_r_1_`) are valid in one.
  const anchor = `--popover-anchor${id}`;
  return {
    open,
    drawn,
    hide,
    triggerProps: { popoverTarget: id, style: { anchorName: anchor }, onClick },
    popoverProps: {
      id,
      popover: 'auto',
      className: 'popover-below-end',
      style: { positionAnchor: anchor },
    },
  };
}
