import { type RefObject, useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import type { InboxEntry } from '../inbox-rows';
import {
  initialTriageState,
  type TriageAction,
  type TriageCommand,
  triageCommand,
  triageReducer,
} from '../triage-keys';

function rowElement(list: HTMLElement | null, key: string): HTMLElement | null {
  if (!list) return null;
  for (const element of list.querySelectorAll<HTMLElement>('[data-inbox-key]')) {
    if (element.dataset.inboxKey === key) return element;
  }
  return null;
}

/**
 * The inbox's keyboard: which row it is on (roving focus: that row alone is in the tab order),
 * what is selected, and the keys, read on the whole page while the inbox is shown. `onCommand`
 * gets every command but the moves, with the state as it was when the key was pressed.
 */
export function useInboxTriage({
  entries,
  ids,
  listRef,
  onCommand,
}: {
  entries: readonly InboxEntry[];
  /** Every notification id on the page, open group or not: the selection keeps only these. */
  ids: readonly string[];
  listRef: RefObject<HTMLElement | null>;
  onCommand: (
    command: Exclude<TriageCommand, 'next' | 'previous'>,
    entry: InboxEntry | null,
  ) => void;
}) {
  const [state, dispatch] = useReducer(triageReducer, initialTriageState);
  const keys = entries.map((entry) => entry.key);
  const signature = `${keys.join('\n')}\u0000${ids.join('\n')}`;
  const [synced, setSynced] = useState('');
  if (signature !== synced) {
    // The rows changed (a page, a filter, an item done or arrived): keep the place.
    setSynced(signature);
    dispatch({ type: 'sync', keys, ids });
  }

  const [focusRequest, setFocusRequest] = useState(0);
  const wantFocus = useRef(false);
  useEffect(() => {
    const key = state.activeKey;
    if (key === null) return;
    const focused = document.activeElement;
    // Focus follows the keyboard's row when a key moved it, or when the focused row left
    // (done, muted away): never away from something else the person is using.
    const lost = focused === null || focused === document.body || !focused.isConnected;
    if (!wantFocus.current && !lost) return;
    wantFocus.current = false;
    const element = rowElement(listRef.current, key);
    if (element && element !== focused) element.focus();
  }, [state.activeKey, focusRequest, listRef]);

  const send = (action: TriageAction) => dispatch(action);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target;
    const focusOnRow = target instanceof HTMLElement && target.hasAttribute('data-inbox-key');
    const command = triageCommand(event, focusOnRow);
    if (!command) return;
    event.preventDefault();
    if (command === 'next' || command === 'previous') {
      // From the row the focus is in, if the person clicked or tabbed somewhere else.
      const inRow =
        target instanceof HTMLElement ? target.closest<HTMLElement>('[data-inbox-key]') : null;
      const fromKey = inRow?.dataset.inboxKey;
      if (fromKey && fromKey !== state.activeKey) dispatch({ type: 'focus', key: fromKey });
      dispatch({ type: 'move', delta: command === 'next' ? 1 : -1 });
      wantFocus.current = true;
      setFocusRequest((count) => count + 1);
      return;
    }
    const entry = entries.find((candidate) => candidate.key === state.activeKey) ?? null;
    onCommand(command, entry);
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return { state, send };
}
