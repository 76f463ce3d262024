import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import type { DemoProviders } from '../start-demo-providers.js';
import { startDemoProviders } from '../start-demo-providers.js';
import { testConfig } from '../../test-app.js';

/** A port nothing listens on yet, so PUBLIC_URL can name it before the server starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function setCookiePair(response: Response): string {
  return response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '')[0] ?? '';
}

// Demo mode as main.ts starts it, reached only through the server's own port, like a browser
// outside the container: the emulator's loopback port is never opened here.
describe('demo mode through the one published port', () => {
  let demo: DemoProviders;
  let app: FastifyInstance;
  let publicUrl: string;
  const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    demo = await startDemoProviders(testConfig({ publicUrl, demoMode: true }), { activityMs: 0 });
    app = await buildApp({ config: demo.config, database });
    await demo.serveBrowserPages(app);
    await app.listen({ host: '127.0.0.1', port });
    demo.connect(publicUrl);
  });
  afterAll(async () => {
    await app.close();
    await demo.close();
    await database.destroy();
  });

  it('signs in with GitHub through PUBLIC_URL, and the avatar it gets is served there too', async () => {
    const begin = await fetch(`${publicUrl}/auth/github`, { redirect: 'manual' });
    expect(begin.status).toBe(302);
    const authorizeUrl = String(begin.headers.get('location'));
    expect(authorizeUrl.startsWith(`${publicUrl}/_demo/github/login/oauth/authorize?`)).toBe(true);
    const cookie = setCookiePair(begin);

    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Shipdeck provider emulator');
    // The account choice posts beside the page, so through the proxy as well.
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const postTo = new URL(action, authorizeUrl);
    expect(postTo.href).toBe(`${publicUrl}/_demo/github/login/oauth/authorize`);

    const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
    form.set('login', 'octocat');
    form.set('decision', 'allow');
    const approval = await fetch(postTo, { method: 'POST', body: form, redirect: 'manual' });
    expect(approval.status).toBe(302);
    const callback = String(approval.headers.get('location'));
    expect(callback.startsWith(`${publicUrl}/auth/github/callback?code=`)).toBe(true);

    // The callback exchanges the code with the emulator on loopback, not through PUBLIC_URL.
    const landing = await fetch(callback, { headers: { cookie }, redirect: 'manual' });
    const handoff = new URL(String(landing.headers.get('location')), publicUrl);
    expect(handoff.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const exchanged = await fetch(`${publicUrl}/auth/exchange`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ code: handoff.searchParams.get('code') }),
    });
    expect(exchanged.status).toBe(200);
    const { token } = ((await exchanged.json()) as { data: { token: string } }).data;

    const me = await fetch(`${publicUrl}/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { user } = ((await me.json()) as { data: { user: { avatar: string } } }).data;
    expect(user.avatar).toMatch(
      new RegExp(`^${publicUrl}/_demo/github/_emulator/avatars/\\d+\\.svg$`),
    );
    const avatar = await fetch(user.avatar);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
    expect(await avatar.text()).toContain('<svg');
  });

  it('gives html_url and avatar_url under PUBLIC_URL, and serves those pages there', async () => {
    // The server's own calls keep going to the emulator on loopback.
    expect(demo.config.github.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/);
    expect(demo.config.github.webUrl).toBe(`${publicUrl}/_demo/github`);
    // Every emulated account has a ready-made token, ghp_emu_<login>.
    const answer = await fetch(`${demo.config.github.apiUrl}/user`, {
      headers: { authorization: 'Bearer ghp_emu_octocat' },
    });
    const octocat = (await answer.json()) as { html_url: string; avatar_url: string; url: string };
    expect(octocat.html_url).toBe(`${publicUrl}/_demo/github/octocat`);
    expect(octocat.avatar_url.startsWith(`${publicUrl}/_demo/github/`)).toBe(true);
    expect(octocat.url.startsWith(demo.config.github.apiUrl)).toBe(true);

    const profile = await fetch(octocat.html_url);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('<h1>octocat</h1>');
  });

  it('forwards no part of the emulator a browser has no business with', async () => {
    for (const path of [
      '/api/v3/user',
      '/_emulator/tokens',
      '/_emulator/',
      '/login/oauth/access_token',
      '/v9/projects',
      '/%2e%2e/api/v3/user',
      '//127.0.0.1:9/api/v3/user',
    ]) {
      const response = await fetch(`${publicUrl}/_demo/github${path}`, { redirect: 'manual' });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});
