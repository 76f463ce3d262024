import { type RefObject, useCallback, useRef, useSyncExternalStore } from 'react';
import { useDrawnWhileOpen } from './drawn-while-open';

const closedOnTheServer = () => false;
const dialogEvents = ['toggle', 'focusin', 'close'] as const;

export type NativeDialog = {
  /** On the `<dialog>` (it must stay mounted, hidden until opened). */
  ref: RefObject<HTMLDialogElement | null>;
  /** Whether the dialog shows, whoever opened it. */
  open: boolean;
  /**
   * Whether to render what it shows: on the server-drawn page until the app has hydrated (so a
   * press before then opens it whole), while it shows, and from the press on.
   */
  drawn: boolean;
  /** Call on the press that opens it, before the browser (or `show`) does. */
  press: () => void;
  /** Opens it as a modal; nothing when it shows already. */
  show: () => void;
  /** Closes it; nothing when it is closed already. */
  close: () => void;
};

/**
 * A header surface as the browser's own modal dialog, opened by its button's `commandfor` and
 * `command="show-modal"` (issue 34): the browser opens it with no script, so a press the moment a
 * server-drawn page shows answers before the app has hydrated. The open state is read back from
 * the element, so one opened before hydration renders as open once the app runs.
 */
export function useNativeDialog(): NativeDialog {
  const ref = useRef<HTMLDialogElement>(null);
  // Opening moves the focus into it in every browser (dialogs' `toggle` is recent).
  const subscribe = useCallback((onChange: () => void) => {
    const element = ref.current;
    dialogEvents.forEach((name) => element?.addEventListener(name, onChange));
    return () => dialogEvents.forEach((name) => element?.removeEventListener(name, onChange));
  }, []);
  const isOpen = useCallback(() => ref.current?.open ?? false, []);
  const open = useSyncExternalStore(subscribe, isOpen, closedOnTheServer);
  const { drawn, press } = useDrawnWhileOpen(open, isOpen);
  const show = useCallback(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
  }, []);
  const close = useCallback(() => ref.current?.close(), []);
  return { ref, open, drawn, press, show, close };
}
