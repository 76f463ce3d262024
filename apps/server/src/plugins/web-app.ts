import { existsSync, readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ErrorEnvelope } from '@shipdeck/shared/api-envelope';
import { errorMessages } from '@shipdeck/shared/messages';
import { PRERENDERED_PAGES } from '@shipdeck/shared/prerendered-pages';
import { SERVER_RENDERED_PAGES } from '@shipdeck/shared/server-rendered-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearPageSessionCookie, pageSessionToken } from '../modules/auth/page-session-cookie.js';
import { installationMarker } from './installation-html.js';
import { loadSignedInPages, type SignedInPages } from './signed-in-pages.js';

const API_PREFIXES = ['/api/', '/auth/', '/webhooks/', '/health', '/docs'];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

/**
 * Serves the built SPA and answers every other GET with index.html so client-side routes load;
 * the public pages the build prerendered get their own HTML (the page already drawn) when the
 * address is the bare path: a query (`?error=`, `?token=`) can change what the page draws.
 * A signed-in page in SERVER_RENDERED_PAGES is drawn for the browser's page-session cookie.
 * API paths and missing fingerprinted assets keep a 404, so a stale chunk fails loudly
 * instead of being parsed as HTML.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const root = app.config.webDistDir;
  const hasBuild = existsSync(join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/scripts/precompress.mjs):
      // the browser gets about a quarter of the bytes, and no request spends CPU compressing.
      preCompressed: true,
      // Vite fingerprints everything under /assets, so those can be cached for good.
      setHeaders: (res, path) => {
        if (path.includes(`${join(root, 'assets')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ root }, 'web build not found: only the API is served');
  }

  // An older build has no prerendered pages: those get index.html like the rest.
  const pageFiles = new Map(
    Object.entries(PRERENDERED_PAGES).filter(([, file]) => existsSync(join(root, file))),
  );

  const signedInPages = hasBuild ? await loadSignedInPages(app) : null;

  // Pages this installation must mark are read once and sent from memory (a few KB each,
  // without the build's precompressed copies); the rest stream from disk as built.
  const mark = installationMarker(app.config);
  const markedPages = new Map<string, string>();
  if (hasBuild && mark) {
    for (const file of ['index.html', ...pageFiles.values()]) {
      markedPages.set(file, mark(readFileSync(join(root, file), 'utf8')));
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [path = '/', query] = request.url.split('?');
    const isPage = !isApiPath(path) && !path.startsWith('/assets/');
    if (
      signedInPages &&
      request.method === 'GET' &&
      query === undefined &&
      SERVER_RENDERED_PAGES.includes(path) &&
      (await sendSignedInPage(signedInPages, path, request, reply))
    ) {
      return reply;
    }
    if (hasBuild && (request.method === 'GET' || request.method === 'HEAD') && isPage) {
      const file = (query === undefined && pageFiles.get(path)) || 'index.html';
      const marked = markedPages.get(file);
      if (marked !== undefined) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(marked);
      }
      // `cacheControl: false`, or @fastify/static replaces no-cache with its own max-age=0.
      return reply.header('cache-control', 'no-cache').sendFile(file, { cacheControl: false });
    }
    const body: ErrorEnvelope = {
      success: false,
      message: errorMessages.notFound,
      code: 'NOT_FOUND',
    };
    return reply.code(404).send(body);
  });
}

/**
 * Sends the page drawn for the browser's page-session cookie; `false` (the caller sends the empty
 * page) without a cookie, for a session that is no longer good (the cookie is cleared) and when
 * its session cannot be checked (logged: the browser renders the page as it would without the
 * cookie). A page that fails to draw once its head is sent ends as the empty page.
 */
async function sendSignedInPage(
  pages: SignedInPages,
  path: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const token = pageSessionToken(request);
  if (token === null) return false;
  let html: Readable | null;
  try {
    html = await pages.render(path, token, request.log);
  } catch (error) {
    request.log.error({ err: error, path }, 'drawing a signed-in page failed');
    return false;
  }
  if (html === null) {
    clearPageSessionCookie(request.server, reply);
    return false;
  }
  // The user's own data: never stored by a cache, and drawn anew for each cookie.
  await reply
    .header('cache-control', 'private, no-store')
    .header('vary', 'cookie')
    .type('text/html; charset=utf-8')
    .send(html);
  return true;
}
