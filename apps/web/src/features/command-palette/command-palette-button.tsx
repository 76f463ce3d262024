import { Search } from 'lucide-react';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { preloadOnHeldPress } from '@/utils/held-press';
import { preloadable } from '@/utils/preloadable';
import { prefetchAfterFirstInteraction } from '@/utils/when-idle';

const { preload: loadPalette, Component: CommandPalette } = preloadable(() =>
  import('./command-palette').then((module) => module.CommandPalette),
);
// A failed prefetch is no error to report: the first open fetches the code again.
const prefetch = () => void loadPalette().catch(() => undefined);
// Pressed (or Ctrl+K) before the drawn page hydrated: the palette's code loads meanwhile (issue 34).
preloadOnHeldPress('Search', prefetch);

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);
const never = () => () => undefined;

/**
 * The header's search button and the Ctrl+K (⌘K on macOS) shortcut of every signed-in page. Only
 * this stays in the page's first load: the palette's code loads once the browser is idle after
 * the shell has painted (or when the pointer or focus reaches the button), so the first press
 * opens it at once.
 */
export function CommandPaletteButton() {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so the dialog sees itself close (focus goes back).
  const [opened, setOpened] = useState(false);
  // The server draws the page without knowing the platform: Ctrl until the app runs.
  const mac = useSyncExternalStore(never, isMac, () => false);
  const show = (next: boolean) => {
    if (next) setOpened(true);
    setOpen(next);
  };
  const openPalette = () => show(true);
  useEffect(() => prefetchAfterFirstInteraction(prefetch), []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return;
      if (!(isMac() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey)) return;
      event.preventDefault();
      const toggle = () => {
        setOpened(true);
        setOpen((was) => !was);
      };
      void loadPalette().then(toggle, toggle);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <button
        type="button"
        aria-label="Search"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        // Opened once its code is here, so it renders at once instead of suspending (React then
        // holds a revealed boundary back for up to 300 ms); a failed fetch still opens it.
        onClick={() => void loadPalette().then(openPalette, openPalette)}
        className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md px-2 text-sm text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 sm:border sm:border-zinc-200 sm:pr-1.5 dark:text-zinc-400 dark:hover:bg-zinc-900 dark:hover:text-zinc-100 sm:dark:border-zinc-800 dark:focus-visible:outline-blue-400"
      >
        <Search aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Search…</span>
        <kbd className="hidden rounded border border-zinc-200 px-1 font-sans text-xs sm:inline dark:border-zinc-700">
          {mac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
