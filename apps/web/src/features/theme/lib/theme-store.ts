import { storageKeys } from '@shipdeck/shared/constants';

export type Theme = 'dark' | 'light';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

// public/theme-init.js runs before the first paint, as a file rather than inline so the
// Content-Security-Policy can stay `script-src 'self'` (its own comment is kept to a line: every
// page downloads it):
// - it applies the saved theme so the page never flashes the wrong colours. localStorage `theme`
//   is `dark` or `light`; when nothing is saved the system preference decides.
// - it marks the document when a session is stored (localStorage `token`, storageKeys.token), so
//   the sign-in form the build prerendered for /login and /signup stays hidden from a signed-in
//   visitor while the app starts (it then says "Authenticating" and moves on to the dashboard:
//   main.tsx). index.css hides it.
// - it marks the document (`data-first-frame`) until the first frame that shows the page has
//   been drawn, and index.css leaves the parts of a page marked `below-first-screen` undrawn
//   while the mark is there: the part in view, which is what the visitor sees first, paints
//   sooner (the lower part of the landing page or the dashboard took about a sixth of the time to
//   that first paint on this machine's 2 cores). Not with a `#fragment` in the address, which may
//   point below the first screen.
// - on a page drawn before the app runs (the build's prerendered pages, the server's signed-in
//   pages: prerender/page-html.ts gives its tag `data-app`), it starts the app's code once that
//   page has been shown (the first paint), at once when nothing drawn is shown (a hidden #root,
//   a `#fragment`, an empty #root once the page has loaded), and after 3 s in a tab opened in the
//   background. Evaluating the code took the main thread while the first frame went to the screen.

/** The theme on screen: public/theme-init.js set it before the first paint. */
export function getTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function readSavedTheme(): Theme | null {
  try {
    const saved = window.localStorage.getItem(storageKeys.theme);
    return saved === 'dark' || saved === 'light' ? saved : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

/** Saves the choice under localStorage `theme` and applies it. */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(storageKeys.theme, theme);
  } catch {
    // Private mode without storage: the theme still changes for this page.
  }
  applyTheme(theme);
}

export function toggleTheme(): void {
  setTheme(getTheme() === 'dark' ? 'light' : 'dark');
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  // Until the user picks a theme, follow the system when it changes.
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    if (readSavedTheme() === null) applyTheme(systemTheme());
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.theme) {
      applyTheme(readSavedTheme() ?? systemTheme());
    }
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
