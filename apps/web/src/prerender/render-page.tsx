import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '@/app/app';
import { AppRoutes, preloadRoute } from '@/app/router';

// The SSR build's entry: scripts/prerender.mjs (which runs without TypeScript) and the server
// (apps/server/src/plugins/signed-in-pages.ts) read what they need from this one bundle.
export { PRERENDERED_PAGES } from '@shipdeck/shared/prerendered-pages';
export { setTransport } from '@/lib/api-client';
export { documentParts, pageHtml } from './page-html';
export { renderSignedInPage } from './render-signed-in-page';

/**
 * The build's prerender entry (a Vite SSR build run by scripts/prerender.mjs): a page's markup
 * as the browser's first render draws it for a visitor with no stored session, so main.tsx can
 * hydrate it. Like main.tsx, it waits for the page's code first, so nothing suspends.
 */
export async function renderPage(path: string): Promise<string> {
  await preloadRoute(path);
  return renderToString(
    <StrictMode>
      <App
        router={
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        }
      />
    </StrictMode>,
  );
}
