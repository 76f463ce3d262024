import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES } from '@shipdeck/shared/prerendered-pages';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app.js';

const webDistDir = mkdtempSync(join(tmpdir(), 'shipdeck-web-'));
writeFileSync(
  join(webDistDir, 'index.html'),
  '<!doctype html><html lang="en"><title>Shipdeck</title><div id="root"></div></html>',
);
mkdirSync(join(webDistDir, 'assets'));
mkdirSync(join(webDistDir, 'prerendered'));
for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
  writeFileSync(
    join(webDistDir, file),
    `<!doctype html><html lang="en"><div id="root" data-prerendered="${path}"><h1></h1></div></html>`,
  );
}
writeFileSync(join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
// As apps/web/scripts/precompress.mjs leaves a chunk and the app's HTML.
const chunk = `export const words = ${JSON.stringify('ship it '.repeat(400))};`;
writeFileSync(join(webDistDir, 'assets', 'page-def456.js'), chunk);
writeFileSync(join(webDistDir, 'assets', 'page-def456.js.br'), brotliCompressSync(chunk));
writeFileSync(join(webDistDir, 'assets', 'page-def456.js.gz'), gzipSync(chunk));
const indexHtml = readFileSync(join(webDistDir, 'index.html'));
writeFileSync(join(webDistDir, 'index.html.br'), brotliCompressSync(indexHtml));

const withOAuthApp = {
  apiUrl: 'https://api.github.com',
  webUrl: 'https://github.com',
  oauth: { clientId: 'Iv1.test', clientSecret: 'secret' },
};

describe('serving the built web app on a server without a GitHub OAuth app', () => {
  const t = useTestApp('sqlite', {
    webDistDir,
    github: { ...withOAuthApp, oauth: null },
  });

  it('marks every page so sign-in with GitHub is hidden from its first frame', async () => {
    for (const url of ['/', '/login', '/signup', '/dashboard', '/login?error=auth_failed']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toMatch(
        /^<!doctype html><html data-github-sign-in="off" lang="en">/,
      );
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toContain('data-prerendered="/login"');
  });
});

describe('serving the built web app', () => {
  const t = useTestApp('sqlite', { webDistDir, github: withOAuthApp });

  it('answers client-side routes with index.html', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/repo/octocat/hello-world',
      '/login?error=auth_failed',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('answers each prerendered page with its own HTML, not to be cached unchecked', async () => {
    for (const path of ['/', '/login', '/signup']) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain(`data-prerendered="${path}"`);
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(response.headers['content-type'], path).toContain('text/html');
    }
    const index = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('answers other pages, and prerendered ones with a query, with the empty index.html', async () => {
    for (const url of ['/dashboard', '/login?error=auth_failed', '/?token=abc', '/login/extra']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('serves fingerprinted assets with a long cache lifetime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the compressed copy the browser accepts, and the plain file to a client that accepts none', async () => {
    const url = '/assets/page-def456.js';
    const brotli = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(chunk);
    expect(brotli.rawPayload.length).toBeLessThan(chunk.length / 10);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(chunk);

    const plain = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);

    // The app's HTML too, still revalidated on every visit.
    const page = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root"></div>');
  });

  it('answers HEAD for client-side routes like GET', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(response.statusCode).toBe(200);
  });

  it('keeps 404s for API paths and missing assets', async () => {
    for (const url of ['/api/unknown', '/auth/unknown', '/assets/app-old999.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('serves the OpenAPI description generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/auth/signup', '/auth/login', '/auth/me', '/health']),
    );
  });
});
