import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRERENDERED_PAGES } from '@shipdeck/shared/prerendered-pages';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app.js';

const webDistDir = mkdtempSync(join(tmpdir(), 'shipdeck-web-'));
writeFileSync(
  join(webDistDir, 'index.html'),
  '<!doctype html><title>Shipdeck</title><div id="root"></div>',
);
mkdirSync(join(webDistDir, 'assets'));
mkdirSync(join(webDistDir, 'prerendered'));
for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
  writeFileSync(
    join(webDistDir, file),
    `<div id="root" data-prerendered="${path}"><h1></h1></div>`,
  );
}
writeFileSync(join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');

describe('serving the built web app', () => {
  const t = useTestApp('sqlite', { webDistDir });

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
