import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import { installationMarker } from './installation-html.js';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { type QueryValue, toQueryString } from '@shipdeck/shared/query-string';
import { RENDERED_STATE_ELEMENT_ID } from '@shipdeck/shared/server-rendered-pages';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { hashSessionToken } from '../lib/session-token.js';
import { answersFingerprint, createDrawnPageMemos, type ReadAnswer } from './drawn-page-memos.js';
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
type RenderedPage = { markup: string; stateAt: (now: number) => string; sameUntil: number };
type RendererBundle = {
  setTransport: (transport: Transport) => void;
  renderSignedInPage: (path: string) => Promise<RenderedPage | null>;
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

type SentRequest = { request: TransportRequest; answer: Promise<TransportAnswer & ReadAnswer> };

/**
 * One page being drawn: its session, each GET sent for it so far by URL, those the page itself
 * asked for, and whether it sent anything but GETs (a page that did is drawn anew each time).
 */
type PageRender = {
  token: string;
  gets: Map<string, SentRequest>;
  asked: Set<string>;
  onlyGets: boolean;
};

const SESSION_URL = '/auth/me';
const sessionRequest: TransportRequest = {
  method: 'GET',
  url: SESSION_URL,
  params: {},
  body: undefined,
  headers: { accept: 'application/json' },
};

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
  const template = readFileSync(templateFile, 'utf8');
  const parts = renderer.documentParts(installationMarker(app.config)?.(template) ?? template);
  // One transport for the bundle; each page render finds its own session here, with the GET
  // answers it already has (the session check made before the render is its first).
  const renders = new AsyncLocalStorage<PageRender>();
  async function send(
    token: string,
    { method, url, params, body, headers }: TransportRequest,
  ): Promise<TransportAnswer & ReadAnswer> {
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
      body: response.body,
    };
  }
  /** The GET's answer for this render: sent once, however often the page asks. */
  function sendGet(render: PageRender, key: string, request: TransportRequest) {
    const sent = render.gets.get(key) ?? { request, answer: send(render.token, request) };
    render.gets.set(key, sent);
    return sent.answer;
  }
  renderer.setTransport(async (request) => {
    const render = renders.getStore();
    if (render === undefined) throw new Error('an API request outside a page render');
    if (request.method !== 'GET') {
      render.onlyGets = false;
      return send(render.token, request);
    }
    const key = request.url + toQueryString(request.params);
    render.asked.add(key);
    const { status, statusText, data } = await sendGet(render, key, request);
    return { status, statusText, data };
  });

  /** The answers to the GETs the page asked for, in one string. */
  async function fingerprintOf(render: PageRender, keys: Iterable<string>): Promise<string> {
    // All awaited together: a failed request is this render's error, never an unhandled one.
    const answers = await Promise.all(
      [...keys].flatMap((key) => {
        const sent = render.gets.get(key);
        return sent ? [sent.answer.then((answer): [string, ReadAnswer] => [key, answer])] : [];
      }),
    );
    return answersFingerprint(new Map(answers));
  }

  function restOf(path: string, markup: string, state: string): string {
    return parts.rest({
      path,
      markup,
      kind: 'rendered',
      after: `<script id="${RENDERED_STATE_ELEMENT_ID}" type="application/json">${state}</script>`,
    });
  }

  const memos = createDrawnPageMemos<TransportRequest, RenderedPage>();

  /**
   * The page drawn for this session before, when every request it was drawn from answers the
   * same now (all are sent at once) and its relative times still read the same; or the page
   * drawn anew, kept for the next time. The answers read for the check are the new draw's.
   */
  async function drawnRest(path: string, render: PageRender): Promise<string> {
    const memoKey = `${path}\n${hashSessionToken(render.token)}`;
    const memo = memos.get(memoKey);
    if (memo) {
      for (const [key, request] of memo.requests) void sendGet(render, key, request);
      const same = (await fingerprintOf(render, memo.requests.keys())) === memo.fingerprint;
      const now = Date.now();
      if (same && now < memo.page.sameUntil)
        return restOf(path, memo.page.markup, memo.page.stateAt(now));
    }
    memos.forget(memoKey);
    const drawn = await renders.run(render, () => renderer.renderSignedInPage(path));
    if (!drawn) return parts.rest(null);
    if (render.onlyGets) {
      const requests = new Map<string, TransportRequest>();
      for (const key of render.asked) {
        const sent = render.gets.get(key);
        if (sent) requests.set(key, sent.request);
      }
      memos.keep(memoKey, {
        requests,
        fingerprint: await fingerprintOf(render, requests.keys()),
        page: drawn,
      });
    }
    return restOf(path, drawn.markup, drawn.stateAt(Date.now()));
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
      const session = send(token, sessionRequest);
      if ((await session).status === 401) return null;
      const render: PageRender = {
        token,
        gets: new Map([[SESSION_URL, { request: sessionRequest, answer: session }]]),
        asked: new Set(),
        onlyGets: true,
      };
      return Readable.from(documentFor(path, render, log));
    },
  };
}
