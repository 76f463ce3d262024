import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppRouter, preloadRoute } from './app/router';
import { paths } from './config/paths';
import { startEarlySessionRequest } from './lib/early-session-request';
import { getToken } from './lib/token-storage';
import { consumeUrlToken } from './lib/url-token';
import './index.css';

// Before the first render, so the token leaves the address bar before any code can read or log it.
consumeUrlToken();
// Every page but the landing page checks the session first: ask while its code loads. Sent
// before the page's code is requested, so the browser's six connections to the server do not
// queue it behind dozens of chunks (it is what a signed-in page waits on to draw anything).
if (window.location.pathname !== paths.home) startEarlySessionRequest();
const pageCode = preloadRoute(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

/**
 * Whether #root holds the build's markup of what this first render draws (see
 * prerender/render-page.tsx): the page's bare path (the server sends it only without a query),
 * for a visitor without a session. The landing page reads the token through
 * `useSyncExternalStore`, which hydrates as a guest and then updates; /login and /signup show
 * "Authenticating" to a stored token instead of their form, so they start afresh.
 */
function canHydrate(root: HTMLElement): boolean {
  const { pathname, search } = window.location;
  if (root.dataset.prerendered !== pathname || search !== '') return false;
  return pathname === paths.home || getToken() === null;
}

const app = (
  <StrictMode>
    <App router={<AppRouter />} />
  </StrictMode>
);
if (canHydrate(container)) {
  // The page is on screen already: it becomes interactive once its code has arrived.
  void pageCode.then(() => hydrateRoot(container, app));
} else {
  // A signed-in visitor must not see a sign-in form while the session is checked.
  if (container.dataset.prerendered !== undefined) {
    container.replaceChildren();
    // index.css hid the prerendered form from a stored session; what renders now is shown.
    delete container.dataset.prerendered;
  }
  // The first render waits for the page's code (nothing would show before it anyway), so the
  // page renders in one pass instead of suspending at each layout.
  void pageCode.then(() => createRoot(container).render(app));
}
