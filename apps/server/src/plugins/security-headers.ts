import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** Avatars in demo mode come from the emulator over plain http on loopback. */
function providerImageOrigins(app: FastifyInstance): string[] {
  const github = app.config.github;
  if (!github) return [];
  return [github.webUrl, github.apiUrl]
    .map((url) => new URL(url))
    .filter((url) => url.protocol === 'http:')
    .map((url) => url.origin);
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
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => {
      done(error instanceof Error ? error : undefined);
    });
  });

  // API answers carry account data and tokens: no browser or proxy cache may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
  return Promise.resolve();
}

const API_PREFIXES = ['/api/', '/auth/', '/health'];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}
