import { Search } from 'lucide-react';
import {
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useNativeDialog } from '@/components/ui/native-dialog';
import { Spinner } from '@/components/ui/spinner';
import { preloadable } from '@/utils/preloadable';
import { prefetchAfterFirstInteraction } from '@/utils/when-idle';
import type { ComboboxState } from './command-palette';
import { QUERY_MAX } from './query-max';
import { paletteShellTexts } from './shell-texts';

const { preload: loadResults, Component: CommandPaletteResults } = preloadable(() =>
  import('./command-palette').then((module) => module.CommandPaletteResults),
);
// A failed prefetch is no error to report: the first open fetches the code again.
const prefetch = () => void loadResults().catch(() => undefined);

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);
const never = () => () => undefined;
/** Invoker commands: the browser opens the dialog from the button's `commandfor` itself. */
const opensByItself = () => 'command' in HTMLButtonElement.prototype;
const collapsed: ComboboxState = { expanded: false, activeDescendant: undefined, searching: false };

/**
 * The header's search button and the Ctrl+K (⌘K on macOS) shortcut of every signed-in page, and
 * the palette's shell: the browser's own modal dialog holding the search field, drawn with the
 * page and hidden (issue 34). The button opens it with no script (`commandfor`), so a press the
 * moment a server-drawn page shows answers at once, before the app has hydrated; so does Ctrl+K
 * then (public/early-press.js). What the field finds (the results, their keys) is a lazy chunk,
 * loaded once the browser is idle after the first interaction, or when the dialog opens; what is
 * typed before it arrives is kept, and searched once it has.
 */
export function CommandPaletteButton() {
  const id = useId();
  const dialogId = `${id}dialog`;
  const listboxId = `${id}listbox`;
  const input = useRef<HTMLInputElement>(null);
  // React writes `autoFocus` out as the attribute on the server only (on the client it focuses
  // the field at mount, which a closed dialog's field ignores): the dialog's opening, with no
  // script, looks for the attribute.
  const inputRef = useCallback((element: HTMLInputElement | null) => {
    input.current = element;
    element?.setAttribute('autofocus', '');
  }, []);
  // The field is the shell's, so a text typed while the results load is kept.
  const [text, setText] = useState('');
  const [combobox, setCombobox] = useState(collapsed);
  // The server draws the page without knowing the platform: Ctrl until the app runs.
  const mac = useSyncExternalStore(never, isMac, () => false);
  // The field is named while the dialog shows, and on the drawn page until the app runs (a
  // press then opens it): a closed field's hidden name would be found beside the page's own
  // search fields by their labels.
  const { ref: dialog, open, drawn: named, press, show, close } = useNativeDialog();
  // The results stay mounted from the first opening on: a merge they started asks in a dialog
  // of its own, after this one has closed.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  // Typed before hydration: on screen, but not yet in the state (hydration leaves the field's
  // value as it is, and a render with the state's would clear it).
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed) setText(typed);
  }, []);
  useEffect(() => prefetchAfterFirstInteraction(prefetch), []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Answered already (public/early-press.js opens the drawn page's dialog itself).
      if (event.defaultPrevented) return;
      if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return;
      if (!(isMac() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey)) return;
      event.preventDefault();
      if (dialog.current?.open) close();
      else {
        press();
        show();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dialog, close, press, show]);
  // A press that starts and ends on the backdrop (the dialog's own box, its content filling it)
  // closes it; a text selection dragged out of the field does not.
  const pressedOutside = useRef(false);

  const loading = (
    <div className="border-t border-zinc-200 px-3 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
      <p role="status">{paletteShellTexts.loading}</p>
    </div>
  );
  return (
    <>
      <button
        type="button"
        aria-label="Search"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        commandfor={dialogId}
        command="show-modal"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        // Browsers without invoker commands (before Chromium 135, Firefox 144, Safari 26.2).
        onClick={() => {
          press();
          if (!opensByItself()) show();
        }}
        className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md px-2 text-sm text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 sm:border sm:border-zinc-200 sm:pr-1.5 dark:text-zinc-400 dark:hover:bg-zinc-900 dark:hover:text-zinc-100 sm:dark:border-zinc-800 dark:focus-visible:outline-blue-400"
      >
        <Search aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Search…</span>
        <kbd className="hidden rounded border border-zinc-200 px-1 font-sans text-xs sm:inline dark:border-zinc-700">
          {mac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      <dialog
        ref={dialog}
        id={dialogId}
        // Implicit on <dialog>, and written out for CSS selectors (`[role="dialog"]`: bench/, e2e/).
        role="dialog"
        aria-label={paletteShellTexts.title}
        // public/early-press.js opens it on Ctrl+K before the app runs.
        data-command-palette=""
        // Opened before hydration, it carries the browser's `open`, which React never renders.
        suppressHydrationWarning
        onClose={() => setText('')}
        onPointerDown={(event) => {
          pressedOutside.current = event.target === event.currentTarget;
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget && pressedOutside.current) close();
        }}
        // The page behind keeps still while it shows (its scroll bar's room kept, so nothing
        // moves sideways).
        className="top-[8vh] bottom-auto mx-auto max-h-[80vh] w-[calc(100vw-1.5rem)] max-w-xl flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white text-zinc-900 shadow-2xl open:flex focus:outline-none backdrop:bg-zinc-950/50 backdrop:backdrop-blur-[1px] dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 [:root:has(&[open])]:overflow-hidden [:root:has(&[open])]:[scrollbar-gutter:stable]"
      >
        <div className="flex items-center gap-2 border-b border-zinc-200 px-3 dark:border-zinc-800">
          <Search aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
          <input
            ref={inputRef}
            // Where the browser puts the focus when it opens the dialog.
            autoFocus
            type="text"
            role="combobox"
            aria-label={named ? paletteShellTexts.inputLabel : undefined}
            aria-expanded={combobox.expanded}
            aria-controls={listboxId}
            aria-activedescendant={combobox.activeDescendant}
            aria-autocomplete="list"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={QUERY_MAX + 20}
            placeholder={named ? paletteShellTexts.placeholder : undefined}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-12 min-w-0 flex-1 bg-transparent text-base text-zinc-900 placeholder:text-zinc-500 focus:outline-none dark:text-zinc-50 dark:placeholder:text-zinc-400"
          />
          {combobox.searching ? (
            <Spinner label={paletteShellTexts.searching} className="size-4" />
          ) : null}
        </div>
        {opened ? (
          <Suspense fallback={loading}>
            <CommandPaletteResults
              open={open}
              text={text}
              input={input}
              listboxId={listboxId}
              onComboboxChange={setCombobox}
              close={close}
            />
          </Suspense>
        ) : (
          loading
        )}
      </dialog>
    </>
  );
}
