import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { type QueryValue, toQueryString } from '@shipdeck/shared/query-string';
import { RENDERED_STATE_ELEMENT_ID } from '@shipdeck/shared/server-rendered-pages';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { inProcessPageRequestHeaders } from './in-process-page-requests.js';

// The shapes of the web app's SSR bundle (apps/web/src/prerender/render-page.tsx) that the
// server uses; checked when the bundle is loaded.
type TransportRequest = {
  method: string;
  url: string;
  params: Record<string, QueryValue>;
  body: unknown;
  headers: Record<string, string>;
};
type TransportAnswer = { status: number; statusText: string; data: unknown };
type Transport = (request: TransportRequest) => Promise<TransportAnswer>;
type DrawnPage = { path: string; markup: string; kind: 'rendered'; after: string };
type RendererBundle = {
  setTransport: (transport: Transport) => void;
  renderSignedInPage: (path: string) => Promise<{ markup: string; state: string } | null>;
  documentParts: (template: string) => {
    head: string;
    rest: (page: DrawnPage | null) => string;
  };
};

function isRendererBundle(module: Record<string, unknown>): module is RendererBundle {
  return ['setTransport', 'renderSignedInPage', 'documentParts'].every(
    (name) => typeof module[name] === 'function',
  );
}

export type SignedInPages = {
  /**
   * The page's HTML drawn for the session of `token`, or `null` when that session is not good.
   * The head goes out at once, so the browser fetches the stylesheet, scripts and font while the
   * page is drawn; a page that fails to draw is logged and ends as the empty page.
   */
  render: (path: string, token: string, log: FastifyBaseLogger) => Promise<Readable | null>;
};

/** One page being drawn: its session, and each GET answered for it so far, by URL. */
type PageRender = { token: string; answers: Map<string, Promise<TransportAnswer>> };

const SESSION_URL = '/auth/me';

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * The web build's SSR bundle (apps/web/dist-ssr, beside the web build) made ready to draw
 * signed-in pages, or `null` when the build has none. The page's requests go to this server's own
 * routes in process (`app.inject`) with the page request's session as their bearer token, so the
 * drawn page holds exactly what the API would answer: the same checks, the same tables.
 */
export async function loadSignedInPages(app: FastifyInstance): Promise<SignedInPages | null> {
  const root = app.config.webDistDir;
  const bundleFile = join(root, '..', 'dist-ssr', 'render-page.js');
  const templateFile = join(root, 'index.html');
  if (!existsSync(bundleFile) || !existsSync(templateFile)) return null;
  const bundle = (await import(pathToFileURL(bundleFile).href)) as Record<string, unknown>;
  if (!isRendererBundle(bundle)) {
    app.log.warn(
      { bundleFile },
      'the SSR bundle lacks the renderer: signed-in pages render in the browser',
    );
    return null;
  }
  const renderer: RendererBundle = bundle;
  const parts = renderer.documentParts(readFileSync(templateFile, 'utf8'));
  // One transport for the bundle; each page render finds its own session here, with the GET
  // answers it already has (the session check made before the render is its first).
  const renders = new AsyncLocalStorage<PageRender>();
  async function send(
    token: string,
    { method, url, params, body, headers }: TransportRequest,
  ): Promise<TransportAnswer> {
    const response = await app.inject({
      method: method as 'GET',
      url: url + toQueryString(params),
      headers: { ...headers, ...inProcessPageRequestHeaders, authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return {
      status: response.statusCode,
      statusText: response.statusMessage,
      data: response.body ? parseJson(response.body) : null,
    };
  }
  renderer.setTransport(async (request) => {
    const render = renders.getStore();
    if (render === undefined) throw new Error('an API request outside a page render');
    if (request.method !== 'GET') return send(render.token, request);
    const key = request.url + toQueryString(request.params);
    const answer = render.answers.get(key) ?? send(render.token, request);
    render.answers.set(key, answer);
    return answer;
  });

  async function drawnRest(path: string, render: PageRender): Promise<string> {
    const drawn = await renders.run(render, () => renderer.renderSignedInPage(path));
    if (!drawn) return parts.rest(null);
    return parts.rest({
      path,
      markup: drawn.markup,
      kind: 'rendered',
      after: `<script id="${RENDERED_STATE_ELEMENT_ID}" type="application/json">${drawn.state}</script>`,
    });
  }

  async function* documentFor(path: string, render: PageRender, log: FastifyBaseLogger) {
    yield parts.head;
    // Node holds a response's writes until the next tick (it corks the socket), and a draw whose
    // answers are at hand runs in promise callbacks that come before that tick: without a turn
    // of the event loop here, the head left with the drawn page instead of before it.
    await setImmediate();
    try {
      yield await drawnRest(path, render);
    } catch (error) {
      log.error({ err: error, path }, 'drawing a signed-in page failed: sent undrawn');
      yield parts.rest(null);
    }
  }

  return {
    render: async (path, token, log) => {
      // Checked before anything is sent: a session that is no longer good gets the empty page
      // and its cookie cleared, which the answer's headers must still be able to say.
      const session = send(token, {
        method: 'GET',
        url: SESSION_URL,
        params: {},
        body: undefined,
        headers: { accept: 'application/json' },
      });
      if ((await session).status === 401) return null;
      const render: PageRender = { token, answers: new Map([[SESSION_URL, session]]) };
      return Readable.from(documentFor(path, render, log));
    },
  };
}
