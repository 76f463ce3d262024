import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * A GitHub Enterprise Server on plain http serves avatars from its own origin ('https:' below
 * covers the rest). Demo mode's avatars are same-origin: PUBLIC_URL/_demo/github proxies them.
 */
function providerImageOrigins(app: FastifyInstance): string[] {
  const github = app.config.github;
  return [github.webUrl, github.apiUrl]
    .map((url) => new URL(url))
    .filter((url) => url.protocol === 'http:')
    .map((url) => url.origin);
}

type HelmetMiddleware = ReturnType<typeof helmet>;

/**
 * The headers a helmet middleware sets, captured once: they depend on its options alone, never
 * on the request. Setting them per request through `res.setHeader`, as helmet does, also pushed
 * every other header of the answer through Node's slow path.
 */
function capturedHeaders(middleware: HelmetMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed');
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

// Built once: @fastify/helmet rebuilt the whole middleware (parsing every CSP directive) on each
// request, a cost every route paid, /auth/me most visibly.
export function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toast and dialog libraries inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars come from GitHub's CDN or a self-hosted GHES.
        imgSrc: ["'self'", 'data:', 'https:', ...new Set(providerImageOrigins(app))],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Cross-origin isolation would block GitHub avatars, which send no CORP header.
    crossOriginEmbedderPolicy: false,
  });
  const headers = capturedHeaders(setSecurityHeaders);
  // A route that hijacks its reply writes these itself (reply.getHeaders()).
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });

  // API answers carry account data and tokens: no browser or proxy cache may keep them.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  return Promise.resolve();
}

const API_PREFIXES = ['/api/', '/auth/', '/health'];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}
