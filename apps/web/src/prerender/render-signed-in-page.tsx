import { SERVER_RENDERED_PAGES } from '@shipdeck/shared/server-rendered-pages';
import {
  dehydrate,
  type Query,
  type QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '@/app/app';
import { AppRoutes, preloadRoute } from '@/app/router';
import { getMe, meQueryKey } from '@/features/auth/api/session-user';
import { createQueryClient } from '@/lib/query-client';
import { readerFormats, type RenderedState } from '@/lib/rendered-page';
import { RENDERED_SESSION, RenderedSessionContext } from '@/lib/token-storage';
import { wordsSameUntil } from './words-same-until';

export type RenderedPage = {
  /** `renderToString`'s output for the page, with its <title> (see page-html.ts). */
  markup: string;
  /**
   * The query cache the markup was drawn from, as JSON safe inside a <script> element, with its
   * data read at `now` (ms since the epoch): the server sends the same drawing again when the
   * same answers are read later (plugins/drawn-page-memos.ts).
   */
  stateAt: (now: number) => string;
  /** Until when (ms since the epoch) the markup reads the same: its relative times move on. */
  sameUntil: number;
};

// Each pass draws what the answers of the last one allow (a query may wait on another's data).
const MAX_PASSES = 4;
// How React's server renderer marks a Suspense boundary it could not finish.
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

function draw(path: string, client: QueryClient): string {
  return renderToString(
    <StrictMode>
      <RenderedSessionContext value={RENDERED_SESSION}>
        <QueryClientProvider client={client}>
          <App
            router={
              <StaticRouter location={path}>
                <AppRoutes />
              </StaticRouter>
            }
          />
        </QueryClientProvider>
      </RenderedSessionContext>
    </StrictMode>,
  );
}

/**
 * Whether a query the page asked for would fetch in the browser. On the server its observer
 * never subscribes, so the query only records the observer's options (`enabled` among them).
 */
function wouldFetch(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * A signed-in page drawn on the server with the data it shows, the way the browser's first
 * render would draw it once every request of the page had answered: the page's requests are
 * sent through the API client's transport, which the server points at itself with the page
 * request's session (the render itself never holds the token). `null` when the session is not
 * good (the browser then renders as usual).
 */
export async function renderSignedInPage(path: string): Promise<RenderedPage | null> {
  if (!SERVER_RENDERED_PAGES.includes(path)) return null;
  const client = createQueryClient();
  try {
    await client.fetchQuery({ queryKey: meQueryKey, queryFn: getMe });
  } catch {
    return null;
  }
  await preloadRoute(path);
  let markup = draw(path, client);
  for (let pass = 1; pass < MAX_PASSES; pass += 1) {
    const waiting = client.getQueryCache().findAll({ predicate: wouldFetch });
    if (waiting.length === 0) break;
    await Promise.allSettled(waiting.map((query) => query.fetch()));
    markup = draw(path, client);
  }
  // What the browser could not hydrate as drawn: a part that suspended (a lazy component, left
  // for the browser to draw), or a failed request (its error is not handed over, so the browser
  // would draw the request pending). The server logs the reason and sends the page undrawn.
  if (markup.includes(CLIENT_RENDERED_BOUNDARY)) {
    throw new Error(`${path}: a part suspended on the server; draw it only once hydrated`);
  }
  const failed = client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'error' });
  if (failed.length > 0) {
    throw new Error(
      `${path}: ${failed.map((query) => JSON.stringify(query.queryKey)).join(', ')} failed`,
    );
  }
  const drawnAt = Date.now();
  const { queries, mutations } = dehydrate(client);
  const stateAt = (now: number) => {
    const rendered: RenderedState = {
      cache: {
        mutations,
        queries: queries.map((query) => ({
          ...query,
          dehydratedAt: now,
          state: { ...query.state, dataUpdatedAt: now },
        })),
      },
      formats: readerFormats(),
    };
    // `<` escaped: no `</script>` or `<!--` inside the data can end the element early.
    return JSON.stringify(rendered).replaceAll('<', '\\u003c');
  };
  return { markup, stateAt, sameUntil: wordsSameUntil(markup, drawnAt) };
}
