import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { OnFirstCommit } from './app/on-first-commit';
import { AppRouter, preloadLayouts, preloadRoute } from './app/router';
import { paths } from './config/paths';
import { startEarlySessionRequest } from './lib/early-session-request';
import { acceptRenderedPage } from './lib/rendered-page';
import { getToken, RENDERED_SESSION, RenderedSessionContext } from './lib/token-storage';
import { consumeUrlToken } from './lib/url-token';
import './index.css';

// Before the first render, so the token leaves the address bar before any code can read or log it.
// A password-reset or email-confirmation link's `token` is that page's own, to send: never a
// session.
const ownTokenPages: string[] = [paths.resetPassword, paths.confirmEmail];
if (!ownTokenPages.includes(window.location.pathname)) consumeUrlToken();

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

// Before the page's code loads: the signed-in layout seeds the cache with the drawn page's data.
const rendered = acceptRenderedPage(container);
// Every page but the landing page checks the session first: ask while its code loads. Sent
// before the page's code is requested, so the browser's six connections to the server do not
// queue it behind dozens of chunks (it is what a signed-in page waits on to draw anything). A
// page the server drew for the session carries its answer.
if (window.location.pathname !== paths.home && rendered === 'none') startEarlySessionRequest();
const pageCode = preloadRoute(window.location.pathname);

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
} else if (rendered !== 'none') {
  // A press on the drawn page's buttons before the app runs on it is held (public/early-press.js)
  // and answered once it does.
  const live = () => {
    delete container.dataset.rendered;
  };
  if (rendered === 'hydrate') {
    // The server drew the page from the data the cache now starts with (prime-session-user.ts):
    // it becomes interactive once its code has arrived. While it hydrates, the session the
    // server drew it for stands in for the stored token, as on the server. Started once the
    // layouts' code is here (issue 34): the header hydrates and commits first, the page, in its
    // own Suspense boundary, once its code has arrived too.
    void preloadLayouts(window.location.pathname).then(() =>
      hydrateRoot(
        container,
        <OnFirstCommit effect={live}>
          <RenderedSessionContext value={RENDERED_SESSION}>{app}</RenderedSessionContext>
        </OnFirstCommit>,
      ),
    );
  } else {
    // Written in another locale or time zone: the drawing stays on screen until the app's
    // first render, from the same data, replaces it in one commit.
    void pageCode.then(() =>
      createRoot(container).render(<OnFirstCommit effect={live}>{app}</OnFirstCommit>),
    );
  }
} else {
  // A signed-in visitor must not see a sign-in form while the session is checked, nor anyone
  // a page drawn for a session that is no longer stored.
  if (container.dataset.prerendered !== undefined || container.dataset.rendered !== undefined) {
    container.replaceChildren();
    // index.css hid the drawn page; what renders now is shown.
    delete container.dataset.prerendered;
    delete container.dataset.rendered;
  }
  // The first render waits for the page's code (nothing would show before it anyway), so the
  // page renders in one pass instead of suspending at each layout.
  void pageCode.then(() => createRoot(container).render(app));
}
