/** What a key press asks of the inbox. */
export type TriageCommand =
  | 'next'
  | 'previous'
  | 'open'
  | 'done'
  | 'read'
  | 'mute'
  | 'select'
  | 'approve'
  | 'merge'
  | 'rerun'
  | 'help';

/** The pull-request actions (issue 37): on a pull-request thread's row only. */
export type PullRequestCommand = Extract<TriageCommand, 'approve' | 'merge' | 'rerun'>;

/** The keys, in the order the help dialog lists them. */
export const triageKeys: readonly {
  keys: readonly string[];
  command: TriageCommand;
  label: string;
}[] = [
  { keys: ['j', '↓'], command: 'next', label: 'Next item' },
  { keys: ['k', '↑'], command: 'previous', label: 'Previous item' },
  { keys: ['o', 'Enter'], command: 'open', label: 'Open (a CI group opens or closes)' },
  { keys: ['e'], command: 'done', label: 'Mark done: the item leaves the inbox' },
  { keys: ['r'], command: 'read', label: 'Mark read' },
  { keys: ['m'], command: 'mute', label: 'Mute the GitHub thread' },
  { keys: ['x'], command: 'select', label: 'Select, then e, r or m act on every selected item' },
  { keys: ['a'], command: 'approve', label: 'Approve the pull request' },
  { keys: ['M'], command: 'merge', label: 'Merge the pull request (asks first)' },
  { keys: ['R'], command: 'rerun', label: 'Re-run the pull request’s failed checks' },
  { keys: ['?'], command: 'help', label: 'Show these keys' },
];

const commands: Record<string, TriageCommand> = {
  j: 'next',
  k: 'previous',
  o: 'open',
  e: 'done',
  r: 'read',
  m: 'mute',
  x: 'select',
  a: 'approve',
  // Shift, like GitHub's own capital shortcuts: a merge or a re-run is not one slip of a finger.
  M: 'merge',
  R: 'rerun',
  '?': 'help',
};

/** Commands whose key is typed with Shift. */
const SHIFTED: ReadonlySet<TriageCommand> = new Set(['help', 'merge', 'rerun']);

/** The parts of a keydown the inbox reads (a KeyboardEvent has them all). */
export type TriageKeyEvent = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  repeat?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
};

type ElementLike = {
  tagName?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
  getAttribute?: (name: string) => string | null;
};

const TYPING_INPUT_TYPES = new Set([
  '',
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/**
 * Whether a key press belongs to something else: typing in a field, a select, or anything inside
 * a dialog, menu or combobox (the command palette's own keys).
 */
export function isElsewhere(target: EventTarget | null): boolean {
  const element = target as ElementLike | null;
  if (!element || typeof element.tagName !== 'string') return false;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select' || element.isContentEditable) return true;
  if (tag === 'input') {
    const type = (element.getAttribute?.('type') ?? '').toLowerCase();
    if (TYPING_INPUT_TYPES.has(type)) return true;
  }
  return Boolean(
    element.closest?.(
      '[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"],[role="combobox"],[contenteditable="true"]',
    ),
  );
}

/**
 * The inbox command a key press stands for, or null to leave it alone: with Ctrl, ⌘ or Alt held
 * (the browser's and the palette's shortcuts), while typing, and for a held-down action key (a
 * repeat would act on the next item unseen). Enter opens only when the focus is on an inbox row:
 * on a button or link it keeps its own meaning.
 */
export function triageCommand(event: TriageKeyEvent, focusOnRow: boolean): TriageCommand | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isElsewhere(event.target)) return null;
  if (event.key === 'Enter') return focusOnRow && !event.shiftKey ? 'open' : null;
  // The arrows move too, as in any list that keeps one row in the tab order.
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    if (!focusOnRow || event.shiftKey) return null;
    return event.key === 'ArrowDown' ? 'next' : 'previous';
  }
  const command = commands[event.key];
  if (!command) return null;
  // `?` is Shift+/ on most layouts, M and R are typed with Shift; another capital letter is some
  // other shortcut.
  if (event.shiftKey && !SHIFTED.has(command)) return null;
  if (event.repeat && command !== 'next' && command !== 'previous') return null;
  return command;
}

/** Where the keyboard is and what it has selected. */
export type TriageState = {
  /** The keys of the rows, in order, as last rendered. */
  keys: readonly string[];
  /** The row the keyboard is on; null before the first move. */
  activeKey: string | null;
  /** Selected notification ids (a CI group's header selects all of its threads). */
  selected: readonly string[];
};

export type TriageAction =
  | { type: 'move'; delta: 1 | -1 }
  | { type: 'focus'; key: string }
  /** Selects all of `ids`, or unselects them when all are selected already. */
  | { type: 'toggle'; ids: readonly string[] }
  | { type: 'clear-selection' }
  /** The rows changed (a page, a filter, items gone): keep the place and drop what left. */
  | { type: 'sync'; keys: readonly string[]; ids: readonly string[] };

export const initialTriageState: TriageState = { keys: [], activeKey: null, selected: [] };

export function triageReducer(state: TriageState, action: TriageAction): TriageState {
  switch (action.type) {
    case 'move': {
      if (state.keys.length === 0) return state;
      const index = state.activeKey === null ? -1 : state.keys.indexOf(state.activeKey);
      const next =
        index === -1
          ? action.delta === 1
            ? 0
            : state.keys.length - 1
          : Math.min(state.keys.length - 1, Math.max(0, index + action.delta));
      const activeKey = state.keys[next] ?? null;
      return activeKey === state.activeKey ? state : { ...state, activeKey };
    }
    case 'focus':
      return state.activeKey === action.key || !state.keys.includes(action.key)
        ? state
        : { ...state, activeKey: action.key };
    case 'toggle': {
      if (action.ids.length === 0) return state;
      const selected = new Set(state.selected);
      const all = action.ids.every((id) => selected.has(id));
      for (const id of action.ids) {
        if (all) selected.delete(id);
        else selected.add(id);
      }
      return { ...state, selected: [...selected] };
    }
    case 'clear-selection':
      return state.selected.length === 0 ? state : { ...state, selected: [] };
    case 'sync': {
      let activeKey = state.activeKey;
      if (activeKey !== null && !action.keys.includes(activeKey)) {
        // The row left (done, or another page): the next row that stayed, as in a mail inbox,
        // else the nearest one above it, else the first.
        const remaining = new Set(action.keys);
        const index = state.keys.indexOf(activeKey);
        const after = state.keys.slice(index + 1).find((key) => remaining.has(key));
        const before = state.keys
          .slice(0, Math.max(index, 0))
          .reverse()
          .find((key) => remaining.has(key));
        activeKey = after ?? before ?? action.keys[0] ?? null;
      }
      const present = new Set(action.ids);
      const selected = state.selected.filter((id) => present.has(id));
      return {
        keys: action.keys,
        activeKey,
        selected: selected.length === state.selected.length ? state.selected : selected,
      };
    }
  }
}

/**
 * The notifications an action key acts on: every selected one when there is a selection, else
 * those of the row the keyboard is on.
 */
export function actionTargets(state: TriageState, activeIds: readonly string[]): readonly string[] {
  return state.selected.length > 0 ? state.selected : activeIds;
}
