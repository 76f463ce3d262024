// Runs axe-core on every page in both themes against a running Shipdeck and lists violations.
// Usage: node apps/web/scripts/axe-check.mjs http://127.0.0.1:3000
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

// One throwaway account so the protected pages can be checked too.
const api = await browser.newContext();
const name = `axe${Date.now().toString(36)}`;
await api.request.post(`${base}/auth/signup`, {
  data: { username: name, email: `${name}@example.com`, password: 'secret1' },
});
const login = await api.request.post(`${base}/auth/login`, {
  data: { email: `${name}@example.com`, password: 'secret1' },
});
const { data } = await login.json();

const pages = [
  '/',
  '/login',
  '/signup',
  '/nope',
  '/dashboard',
  '/repositories',
  '/profile',
  '/settings',
];
let total = 0;
for (const theme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    const context = await browser.newContext({
      colorScheme: theme,
      viewport: { width, height: 800 },
    });
    await context.addInitScript((token) => localStorage.setItem('token', token), data.token);
    const page = await context.newPage();
    for (const path of pages) {
      const isPublic = ['/', '/nope'].includes(path) || !['/login', '/signup'].includes(path);
      if (!isPublic) continue; // /login and /signup redirect a signed-in user; checked below
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const result = await new AxeBuilder({ page }).analyze();
      for (const v of result.violations) {
        total += 1;
        console.log(`${theme} ${width} ${path}: [${v.impact}] ${v.id} — ${v.help}`);
        for (const node of v.nodes.slice(0, 3))
          console.log('    ', node.target.join(' '), node.failureSummary?.split('\n')[1] ?? '');
      }
    }
    // Open states: dialog, menus, popover, edit mode, small-screen navigation.
    const opened = [
      ['/settings', (p) => p.getByRole('button', { name: 'Delete Account' }).click()],
      ['/dashboard', (p) => p.getByRole('button', { name: 'User menu' }).click()],
      ['/dashboard', (p) => p.getByRole('button', { name: 'Notifications' }).click()],
      ['/profile', (p) => p.getByRole('button', { name: 'Edit Profile' }).click()],
      ...(width === 360
        ? [['/dashboard', (p) => p.getByRole('button', { name: 'Open menu' }).click()]]
        : []),
    ];
    for (const [path, open] of opened) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await open(page);
      await page.waitForTimeout(300);
      const result = await new AxeBuilder({ page }).analyze();
      for (const v of result.violations) {
        total += 1;
        console.log(`${theme} ${width} ${path} (open): [${v.impact}] ${v.id} — ${v.help}`);
        for (const node of v.nodes.slice(0, 3))
          console.log('    ', node.target.join(' '), node.failureSummary?.split('\n')[1] ?? '');
      }
    }
    await context.close();
    const anonymous = await browser.newContext({
      colorScheme: theme,
      viewport: { width, height: 800 },
    });
    const anonPage = await anonymous.newPage();
    for (const path of ['/login', '/signup']) {
      await anonPage.goto(base + path, { waitUntil: 'networkidle' });
      await anonPage.locator('button[type=submit]').click();
      const result = await new AxeBuilder({ page: anonPage }).analyze();
      for (const v of result.violations) {
        total += 1;
        console.log(`${theme} ${width} ${path}: [${v.impact}] ${v.id} — ${v.help}`);
        for (const node of v.nodes.slice(0, 3))
          console.log('    ', node.target.join(' '), node.failureSummary?.split('\n')[1] ?? '');
      }
    }
    await anonymous.close();
  }
}
await browser.close();
console.log(`${total} violation(s)`);
