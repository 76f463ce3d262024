import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { freePort } from './support/start-server.js';

const emulatorPort = await freePort();
// The test drives the emulator's admin API, so it chooses the key the server gives it.
const emulatorAdminKey = randomBytes(24).toString('hex');

describe('live notifications in demo mode', () => {
  const e2e = useE2e({ EMULATOR_PORT: String(emulatorPort), EMULATOR_ADMIN_KEY: emulatorAdminKey });

  it('an emulator merge arrives in the bell over SSE without a reload, and opens its repository', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();
    await page
      .getByRole('button', { name: /octocat/ })
      .first()
      .click();
    await page.waitForURL('**/dashboard');
    // Connecting GitHub brought the welcome and the prompt to connect Vercel.
    const headerBell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect
      .poll(() => headerBell.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notifications, 2 unread');
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    // Give the EventSource a moment to open before anything happens.
    await page.waitForTimeout(1000);

    const activity = await fetch(`http://127.0.0.1:${emulatorPort}/_emulator/activity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-emulator-key': emulatorAdminKey },
      body: JSON.stringify({ kind: 'pull_request.merged' }),
    });
    expect(activity.status).toBe(200);
    const result = (await activity.json()) as { repository: string };

    // A merge is also a push to the default branch, and may deploy: at least one more item.
    const unread = async () =>
      Number(/(\d+) unread/.exec((await headerBell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    await expect.poll(unread, { timeout: 15_000 }).toBeGreaterThan(2);
    expect(
      await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);

    await headerBell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('button', { name: /^Merged: / });
    await item.waitFor();
    const beforeClick = await unread();
    await item.click();
    const [owner = '', name = ''] = result.repository.split('/');
    await page.waitForURL(`**/repo/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`);
    await expect.poll(unread, { timeout: 10_000 }).toBe(beforeClick - 1);

    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect
      .poll(() => headerBell.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notifications');
    expect(e2e.pageErrors).toEqual([]);
  });
});
