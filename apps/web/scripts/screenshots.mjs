// Screenshots of the built app for a visual check, in both themes and at 360 px.
// Usage: node apps/web/scripts/screenshots.mjs [baseUrl] [outDir]
// With MOCK_API=1 the /auth/* answers are faked in the browser, so protected pages render
// without a running server. PNGs go to outDir (default /tmp/shipdeck-shots); never commit them.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:4173';
const outDir = process.argv[3] ?? '/tmp/shipdeck-shots';
const mock = process.env.MOCK_API === '1';
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
mkdirSync(outDir, { recursive: true });

const user = {
  id: 'u1',
  username: 'octocat',
  displayName: 'Mona Lisa Octocat',
  email: 'mona@example.com',
  avatar: null,
  githubId: null,
  githubLogin: null,
  vercelConnected: false,
  hasPassword: true,
  createdAt: '2026-01-15T10:00:00.000Z',
  preferences: {
    notifications: true,
    emailNotifications: false,
    githubSync: true,
    vercelSync: true,
  },
};
const stats = {
  memberSince: user.createdAt,
  accountType: 'Free',
  activeSessions: 2,
  lastLoginAt: '2026-11-20T08:30:00.000Z',
  connectedProviders: { github: false, vercel: false },
};

async function mockApi(page) {
  await page.route('**/auth/**', async (route) => {
    const url = new URL(route.request().url());
    const json = (status, body) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (url.pathname === '/auth/me') return json(200, { success: true, data: { user } });
    if (url.pathname === '/auth/stats') return json(200, { success: true, data: { stats } });
    if (url.pathname === '/auth/login') {
      return json(401, {
        success: false,
        message: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      });
    }
    return json(200, { success: true, data: {} });
  });
}

const shots = [
  { name: 'landing', path: '/', full: true },
  { name: 'login', path: '/login' },
  { name: 'login-oauth-error', path: '/login?error=oauth_not_configured' },
  {
    name: 'login-failed',
    path: '/login',
    act: async (p) => {
      await p.fill('#email', 'mona@example.com');
      await p.fill('#password', 'wrong-password');
      await p.click('button[type=submit]');
      await p.waitForTimeout(600);
    },
  },
  {
    name: 'signup-errors',
    path: '/signup',
    act: async (p) => {
      await p.fill('#username', 'ab');
      await p.fill('#email', 'not-an-email');
      await p.fill('#password', '123');
      await p.fill('#confirmPassword', '1234');
      await p.click('button[type=submit]');
    },
  },
  { name: 'signup-empty', path: '/signup', act: async (p) => p.click('button[type=submit]') },
  { name: 'not-found', path: '/nope' },
  { name: 'dashboard', path: '/dashboard', auth: true, full: true },
  { name: 'profile', path: '/profile', auth: true, full: true },
  {
    name: 'profile-edit',
    path: '/profile',
    auth: true,
    act: async (p) => p.getByRole('button', { name: 'Edit Profile' }).click(),
  },
  { name: 'settings', path: '/settings', auth: true, full: true },
  {
    name: 'settings-delete',
    path: '/settings',
    auth: true,
    act: async (p) => p.getByRole('button', { name: 'Delete Account' }).click(),
  },
  { name: 'repositories', path: '/repositories', auth: true },
  {
    name: 'user-menu',
    path: '/dashboard',
    auth: true,
    act: async (p) => p.getByRole('button', { name: 'User menu' }).click(),
  },
  {
    name: 'bell',
    path: '/dashboard',
    auth: true,
    act: async (p) => p.getByRole('button', { name: 'Notifications' }).click(),
  },
  {
    name: 'mobile-menu',
    path: '/dashboard',
    auth: true,
    mobileOnly: true,
    act: async (p) => p.getByRole('button', { name: 'Open menu' }).click(),
  },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const errors = [];
for (const theme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    for (const shot of shots) {
      if (only && !only.test(shot.name)) continue;
      if (shot.mobileOnly && width !== 360) continue;
      if (shot.auth && !mock) continue;
      const context = await browser.newContext({
        viewport: { width, height: width === 360 ? 760 : 860 },
        colorScheme: theme,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${shot.name}: ${error.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${shot.name} console: ${msg.text()}`);
      });
      if (mock) await mockApi(page);
      if (shot.auth) await context.addInitScript(() => localStorage.setItem('token', 'test-token'));
      await page.goto(base + shot.path, { waitUntil: 'networkidle' });
      if (shot.act) await shot.act(page);
      await page.waitForTimeout(300);
      const file = `${outDir}/${shot.name}-${theme}-${width}.png`;
      if (shot.full && width === 360) {
        // Tall narrow pages shrink to nothing when viewed whole: cut them into readable parts.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let top = 0, part = 1; top < height; top += 1400, part += 1) {
          await page.screenshot({
            path: file.replace('.png', `-part${part}.png`),
            fullPage: true,
            clip: { x: 0, y: top, width, height: Math.min(1400, height - top) },
          });
        }
      } else {
        await page.screenshot({ path: file, fullPage: Boolean(shot.full) });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(errors.length ? errors.join('\n') : 'no page errors');
