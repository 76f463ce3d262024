import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RENDERED_STATE_ELEMENT_ID } from '@shipdeck/shared/server-rendered-pages';
import type { FastifyInstance } from 'fastify';

// The shapes of the web app's SSR bundle (apps/web/src/prerender/render-page.tsx) that the
// server uses; checked when the bundle is loaded.
type TransportRequest = {
  method: string;
  url: string;
  params: Record<string, string | number | boolean | null | undefined>;
  body: unknown;
  headers: Record<string, string>;
};
type TransportAnswer = { status: number; statusText: string; data: unknown };
type Transport = (request: TransportRequest) => Promise<TransportAnswer>;
type RendererBundle = {
  setTransport: (transport: Transport) => void;
  renderSignedInPage: (path: string) => Promise<{ markup: string; state: string } | null>;
  pageHtml: (
    template: string,
    page: { path: string; markup: string; kind: 'rendered'; after: string },
  ) => string;
};

function isRendererBundle(module: Record<string, unknown>): module is RendererBundle {
  return ['setTransport', 'renderSignedInPage', 'pageHtml'].every(
    (name) => typeof module[name] === 'function',
  );
}

export type SignedInPages = {
  /** The page's HTML drawn for the session of `token`, or `null` when that session is not good. */
  render: (path: string, token: string) => Promise<string | null>;
};

function queryString(params: TransportRequest['params']): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  return search ? `?${search}` : '';
}

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
  const template = readFileSync(templateFile, 'utf8');
  // One transport for the bundle; each page render finds its own session here.
  const sessions = new AsyncLocalStorage<string>();
  bundle.setTransport(async ({ method, url, params, body, headers }) => {
    const token = sessions.getStore();
    if (token === undefined) throw new Error('an API request outside a page render');
    const response = await app.inject({
      method: method as 'GET',
      url: url + queryString(params),
      headers: { ...headers, authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return {
      status: response.statusCode,
      statusText: response.statusMessage,
      data: response.body ? parseJson(response.body) : null,
    };
  });
  return {
    render: async (path, token) => {
      const page = await sessions.run(token, () => bundle.renderSignedInPage(path));
      if (page === null) return null;
      return bundle.pageHtml(template, {
        path,
        markup: page.markup,
        kind: 'rendered',
        after: `<script id="${RENDERED_STATE_ELEMENT_ID}" type="application/json">${page.state}</script>`,
      });
    },
  };
}
