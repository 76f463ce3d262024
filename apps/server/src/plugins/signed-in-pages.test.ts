import { once } from 'node:events';
import { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PAGE_SESSION_COOKIE,
  RENDERED_STATE_ELEMENT_ID,
} from '@shipdeck/shared/server-rendered-pages';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  logIn,
  newAccount,
  signUpAndLogIn,
  testDialects,
  useTestApp,
} from '../test-app.js';

// A web build with a stand-in for the SSR bundle (apps/web/src/prerender/render-page.tsx): it
// asks the API through the transport the server gives it, as the real one does, and draws
// what the answers say, so these tests see which session the server's requests carry.
const webRoot = mkdtempSync(join(tmpdir(), 'shipdeck-ssr-'));
const webDistDir = join(webRoot, 'dist');
mkdirSync(webDistDir);
mkdirSync(join(webRoot, 'dist-ssr'));
writeFileSync(
  join(webDistDir, 'index.html'),
  '<!doctype html><html><head><title>Shipdeck</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  join(webRoot, 'dist-ssr', 'render-page.js'),
  `let transport;
export function setTransport(next) { transport = next; }
export async function renderSignedInPage(path) {
  const me = await transport({ method: 'GET', url: '/auth/me', params: {}, body: undefined, headers: { Accept: 'application/json' } });
  if (me.status !== 200) return null;
  const { username, displayName } = me.data.data.user;
  globalThis.drawsOf ??= {};
  globalThis.drawsOf[username] = (globalThis.drawsOf[username] ?? 0) + 1;
  if (username.startsWith('boom')) throw new Error('the page failed to draw');
  // A draw that keeps the thread busy, as a real one does, with every answer at hand.
  if (username.startsWith('slow')) {
    const end = Date.now() + 300;
    while (Date.now() < end);
    globalThis.slowDrawEndedAt = Date.now();
  }
  const list = await transport({ method: 'GET', url: '/api/notifications', params: { page: 2, perPage: 5, type: undefined }, body: undefined, headers: {} });
  return {
    markup: '<title>Dashboard · Shipdeck</title><main><h1>Welcome back, ' + username + '</h1><p>' + displayName + '</p><p>page ' + list.data.data.pagination.page + ' of ' + list.data.data.pagination.perPage + '</p></main>',
    stateAt: (now) => JSON.stringify({ path, username, readAt: now }),
    // A page whose relative times move on at once, for the users named so.
    sameUntil: username.startsWith('clock') ? Date.now() : Infinity,
  };
}
export function documentParts(template) {
  const end = template.indexOf('</head>');
  return {
    head: template.slice(0, end),
    rest: (page) => page === null ? template.slice(end) : template.slice(end).replace('<div id="root"></div>', '<div id="root" data-' + page.kind + '="' + page.path + '">' + page.markup + '</div>' + page.after),
  };
}
`,
);

/** How often the stand-in bundle drew a page for the user. */
function drawsOf(username: string): number {
  return (globalThis as { drawsOf?: Record<string, number> }).drawsOf?.[username] ?? 0;
}

/** When the data sent with a drawn page were read, as the stand-in bundle writes it. */
function readAt(body: string): number {
  return Number(/"readAt":(\d+)/.exec(body)?.[1]);
}

function withCookie(token: string) {
  return { cookies: { [PAGE_SESSION_COOKIE]: token } };
}

describe.each(testDialects)('signed-in pages drawn by the server on %s', (dialect) => {
  const t = useTestApp(dialect, { webDistDir });

  it('draws /dashboard for the cookie’s session, with the data, never to be cached', async () => {
    const { token, account } = await signUpAndLogIn(t.app);
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', ...withCookie(token) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(`<div id="root" data-rendered="/dashboard">`);
    expect(page.body).toContain(`Welcome back, ${account.username}`);
    // The page's own requests reach the API with their query string.
    expect(page.body).toContain('<p>page 2 of 5</p>');
    expect(page.body.replace(/"readAt":\d+/, '"readAt":0')).toContain(
      `<script id="${RENDERED_STATE_ELEMENT_ID}" type="application/json">{"path":"/dashboard","username":"${account.username}","readAt":0}</script>`,
    );
    expect(page.body).not.toContain(token);
  });

  it('draws each request with its own session, however many run at once', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => signUpAndLogIn(t.app)));
    const pages = await Promise.all(
      users.map(({ token }) =>
        t.app.inject({ method: 'GET', url: '/dashboard', ...withCookie(token) }),
      ),
    );
    pages.forEach((page, index) => {
      const others = users.filter((_, other) => other !== index);
      expect(page.body).toContain(`Welcome back, ${users[index]?.account.username}<`);
      for (const other of others) expect(page.body).not.toContain(other.account.username);
    });
  });

  it('answers the empty page, and clears the cookie, when its session has ended', async () => {
    const { token } = await signUpAndLogIn(t.app);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', ...withCookie(token) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.cookies.find((c) => c.name === PAGE_SESSION_COOKIE)).toMatchObject({
      value: '',
      maxAge: 0,
    });
  });

  it('answers the empty page without a cookie, with a query, on pages it does not draw, and when drawing fails', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const boom = await signUpAndLogIn(t.app, {
      username: `boom${Date.now()}`,
      email: `boom${Date.now()}@example.com`,
      password: 'correct-horse-1',
    });
    for (const request of [
      { url: '/dashboard' },
      { url: '/dashboard?tab=1', ...withCookie(token) },
      { url: '/repositories', ...withCookie(token) },
      { url: '/dashboard', ...withCookie('sds_not-a-real-token') },
      { url: '/dashboard', ...withCookie(boom.token) },
    ]) {
      const page = await t.app.inject({ method: 'GET', ...request });
      expect(page.statusCode, request.url).toBe(200);
      expect(page.body, request.url).toContain('<div id="root"></div>');
      expect(page.body, request.url).not.toContain('Welcome back');
    }
  });

  it('sends the head before it draws the page', async () => {
    const { token } = await signUpAndLogIn(t.app, newAccount('slow'));
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The page is read from another thread: this one is busy drawing while the head travels.
    const reader = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
      (async () => {
        const response = await fetch(workerData.url, { headers: { cookie: workerData.cookie } });
        const chunks = [];
        let headAt = 0;
        for await (const chunk of response.body) {
          headAt ||= Date.now();
          chunks.push(Buffer.from(chunk).toString('utf8'));
        }
        parentPort.postMessage({ headAt, chunks });
      })();`,
      {
        eval: true,
        workerData: { url: `${address}/dashboard`, cookie: `${PAGE_SESSION_COOKIE}=${token}` },
      },
    );
    const [{ headAt, chunks }] = (await once(reader, 'message')) as [
      { headAt: number; chunks: string[] },
    ];
    await reader.terminate();
    const drawEndedAt = (globalThis as { slowDrawEndedAt?: number }).slowDrawEndedAt ?? 0;
    expect(chunks[0]).toContain('<title>Shipdeck</title>');
    expect(chunks[0]).not.toContain('Welcome back');
    expect(chunks.join('')).toContain('Welcome back, slow');
    expect(drawEndedAt).toBeGreaterThan(0);
    expect(headAt).toBeLessThan(drawEndedAt);
  });

  it('sends the page drawn before while its answers read the same, with its data read anew', async () => {
    const { token, account } = await signUpAndLogIn(t.app);
    const first = await t.app.inject({ method: 'GET', url: '/dashboard', ...withCookie(token) });
    const secondAsked = Date.now();
    const second = await t.app.inject({ method: 'GET', url: '/dashboard', ...withCookie(token) });
    expect(drawsOf(account.username)).toBe(1);
    expect(second.body).toContain(`Welcome back, ${account.username}`);
    expect(second.body.replace(/"readAt":\d+/, '')).toBe(first.body.replace(/"readAt":\d+/, ''));
    expect(readAt(second.body)).toBeGreaterThanOrEqual(secondAsked);

    // One answer changes: the page is drawn anew, and that drawing is the one kept.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(token),
      payload: { displayName: 'Renamed Person', email: account.email },
    });
    expect(renamed.statusCode).toBe(200);
    const third = await t.app.inject({ method: 'GET', url: '/dashboard', ...withCookie(token) });
    expect(third.body).toContain('<p>Renamed Person</p>');
    await t.app.inject({ method: 'GET', url: '/dashboard', ...withCookie(token) });
    expect(drawsOf(account.username)).toBe(2);

    // Another session of the same user gets its own drawing.
    const other = await logIn(t.app, account);
    await t.app.inject({ method: 'GET', url: '/dashboard', ...withCookie(other.token) });
    expect(drawsOf(account.username)).toBe(3);
  });

  it('draws the page anew once its relative times have moved on', async () => {
    const { token, account } = await signUpAndLogIn(t.app, newAccount('clock'));
    for (let load = 0; load < 3; load += 1) {
      const page = await t.app.inject({ method: 'GET', url: '/dashboard', ...withCookie(token) });
      expect(page.body).toContain(`Welcome back, ${account.username}`);
    }
    expect(drawsOf(account.username)).toBe(3);
  });

  it('answers HEAD without drawing', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const page = await t.app.inject({ method: 'HEAD', url: '/dashboard', ...withCookie(token) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('the request log of a drawn page', () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').trim().split('\n'));
      done();
    },
  });
  const t = useTestApp('sqlite', { webDistDir, logLevel: 'info' }, { logStream });
  const loggedUrls = () =>
    lines
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url);

  it('holds the page request, not the API requests the page made in process', async () => {
    const { token } = await signUpAndLogIn(t.app);
    lines.length = 0;
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', ...withCookie(token) });
    expect(page.body).toContain('page 2 of 5');
    expect(loggedUrls()).toEqual(['/dashboard']);

    // The same API request from a client is logged as ever.
    await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) });
    expect(loggedUrls()).toEqual(['/dashboard', '/api/notifications']);
    // A client cannot pass as one of the page's own requests to stay out of the log.
    await t.app.inject({
      method: 'GET',
      url: '/api/github/repos',
      headers: { ...bearer(token), 'x-shipdeck-page-request': 'guess' },
    });
    expect(loggedUrls()).toEqual(['/dashboard', '/api/notifications', '/api/github/repos']);
  });
});
