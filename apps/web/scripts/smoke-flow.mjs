// Walks the main account flow in a real browser against a running Shipdeck (server + built SPA)
// and saves a screenshot per step. Usage: node apps/web/scripts/smoke-flow.mjs http://127.0.0.1:3000 /tmp/flow
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const outDir = process.argv[3] ?? '/tmp/shipdeck-flow';
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
const problems = [];
page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
page.on('console', (msg) => {
  if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
    problems.push(`console: ${msg.text()}`);
  }
});
page.on('response', (r) => {
  if (r.status() >= 400) console.log('http', r.status(), r.request().method(), r.url());
});
let step = 0;
const shot = async (name) => {
  step += 1;
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${outDir}/${String(step).padStart(2, '0')}-${name}.png` });
};
const expectText = async (text) => {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 5000 });
};

const name = `user${Date.now().toString(36)}`;
const email = `${name}@example.com`;

await page.goto(`${base}/`);
await page.getByRole('link', { name: 'Get Started' }).click();
await page.waitForURL('**/signup');
await page.getByLabel('Username').fill(name);
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password', { exact: true }).fill('secret1');
await page.getByLabel('Confirm password').fill('secret1');
await page.getByRole('button', { name: 'Create account' }).click();
await expectText('Account created successfully! Please sign in.');
await page.waitForURL('**/login');
await shot('signed-up');

await page.getByLabel('Password', { exact: true }).fill('wrong-password');
await page.getByRole('button', { name: 'Sign in' }).click();
await expectText('Invalid email or password');
await shot('wrong-password');

await page.getByLabel('Password', { exact: true }).fill('secret1');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL('**/dashboard');
await page.getByRole('heading', { name: `Welcome back, ${name}` }).waitFor();
await shot('dashboard');

await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
console.log('theme after toggle:', await page.evaluate(() => localStorage.getItem('theme')));
await page.reload();
console.log(
  'dark after reload:',
  await page.evaluate(() => document.documentElement.classList.contains('dark')),
);

await page.getByRole('button', { name: 'User menu' }).click();
await page.getByRole('menuitem', { name: 'Profile' }).click();
await page.waitForURL('**/profile');
await page.getByRole('button', { name: 'Edit Profile' }).click();
await page.getByLabel('Display name').fill('Mona Tester');
await page.getByRole('button', { name: 'Save', exact: true }).click();
await expectText('Profile updated successfully!');
await shot('profile-saved');

await page.getByLabel('Current password').fill('wrong-one');
await page.getByLabel('New password').fill('secret2');
await page.getByLabel('Confirm password').fill('secret2');
await page.getByRole('button', { name: 'Change Password' }).click();
await expectText('Current password is incorrect');
await page.getByLabel('Current password').fill('secret1');
await page.getByRole('button', { name: 'Change Password' }).click();
await expectText('Password changed successfully!');

await page.getByRole('switch', { name: 'Email notifications' }).click();
await page.getByRole('button', { name: 'Save Preferences' }).click();
await expectText('Preferences updated successfully!');
await shot('profile-done');

await page.getByRole('link', { name: 'Repositories' }).click();
await expectText('GitHub not connected');
await page.goto(`${base}/settings`);
await page.getByRole('button', { name: 'Save Preferences' }).click();
await expectText('Preferences saved successfully!');
await shot('settings');

await page.getByRole('button', { name: 'User menu' }).click();
await page.getByRole('menuitem', { name: 'Sign out' }).click();
await page.waitForURL(`${base}/`);
console.log('token after sign out:', await page.evaluate(() => localStorage.getItem('token')));
await page.goto(`${base}/dashboard`);
await page.waitForURL('**/login');

await page.getByLabel('Email').fill(email);
await page.getByLabel('Password', { exact: true }).fill('secret2');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL('**/dashboard');
await page.goto(`${base}/settings`);
// Connect GitHub through the server's OAuth flow (the emulator's authorize page in demo mode).
await page.getByRole('button', { name: 'Connect', exact: true }).click();
await page.waitForURL((url) => !url.pathname.startsWith('/settings'));
const account = page.getByRole('button', { name: /dev-layout-1/ });
if (await account.count()) {
  await account.click();
  await expectText('GitHub account connected');
  await shot('github-connected');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expectText('GitHub account disconnected');
} else {
  console.log('no emulator authorize page; GitHub went to', page.url());
  await page.goto(`${base}/settings`);
}
await page.getByRole('button', { name: 'Delete Account' }).click();
await page.getByLabel('Your password').fill('secret2');
await page.getByRole('button', { name: 'Delete my account' }).click();
await expectText('Account deleted successfully.');
await page.waitForTimeout(1000);
console.log('after delete:', page.url(), await page.evaluate(() => localStorage.getItem('token')));
await page.waitForURL(`${base}/`);
await shot('deleted');

await page.goto(`${base}/login?error=oauth_not_configured`);
await expectText('GitHub OAuth is not configured. Please contact support.');
console.log('address after error param:', page.url());
await page.getByRole('link', { name: 'Continue with GitHub' }).click();
await page.waitForLoadState('networkidle');
console.log('after Continue with GitHub:', page.url());
await shot('github');

await browser.close();
console.log(problems.length ? problems.join('\n') : 'no page errors');
