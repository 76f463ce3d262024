import type { FastifyPluginAsync } from 'fastify';

/** Where demo mode serves the emulator's browser pages on Shipdeck's own origin. */
export const DEMO_GITHUB_PATH = '/_demo/github';

export interface DemoGithubProxyOptions {
  /** The in-process emulator's origin on loopback, e.g. `http://127.0.0.1:41234`. */
  emulatorUrl: string;
}

/**
 * What a browser opens at GitHub in demo mode: the authorize page, avatars and the emulator's
 * pages for html_url links. Its API, admin area (which lists every token) and token endpoint are
 * for the server alone, which reaches them on loopback: none is forwarded.
 */
function isBrowserPath(path: string): boolean {
  // The emulator reads `//host/path` as an absolute URL of its own, API paths included.
  if (path.includes('//')) return false;
  if (path === '/login/oauth/authorize') return true;
  if (/^\/_emulator\/avatars\/[^/]+$/.test(path)) return true;
  return !/^\/(api(\/|$)|_emulator(\/|$)|login\/|v\d+\/)/.test(path);
}

const REQUEST_HEADERS = ['accept', 'content-type', 'if-none-match', 'if-modified-since'];
const RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'etag',
  'last-modified',
  'location',
  'content-security-policy',
  'x-frame-options',
];

/**
 * Forwards `/_demo/github/*` to the emulator, so everything a browser is sent to in demo mode is
 * on PUBLIC_URL: the emulator listens on 127.0.0.1, which a browser on another machine, or
 * outside a container, cannot reach. A plain fetch: a handful of small pages and images.
 */
export const demoGithubProxy: FastifyPluginAsync<DemoGithubProxyOptions> = async (
  app,
  { emulatorUrl },
) => {
  const origin = new URL(emulatorUrl).origin;
  // The authorize page's forms post urlencoded fields: passed on as they came.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  app.route({
    method: ['GET', 'POST'],
    url: `${DEMO_GITHUB_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      // Appended to the origin, never resolved against it: `//host/x` must stay a path.
      const target = new URL(`${origin}${request.url.slice(DEMO_GITHUB_PATH.length)}`);
      if (target.origin !== origin || !isBrowserPath(target.pathname)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      }
      const headers = new Headers();
      for (const name of REQUEST_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const answer = await fetch(target, {
        method: request.method,
        headers,
        body: typeof request.body === 'string' ? request.body : undefined,
        // The authorize page redirects to Shipdeck's callback: the browser follows it, not us.
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      void reply.code(answer.status);
      for (const name of RESPONSE_HEADERS) {
        const value = answer.headers.get(name);
        if (value !== null) void reply.header(name, value);
      }
      return reply.send(Buffer.from(await answer.arrayBuffer()));
    },
  });
};
