import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { freePort } from './support/start-server.js';
import { connectDemoVercel } from './support/sessions.js';

const emulatorPort = await freePort();
// The test drives the emulator's admin API, so it chooses the key the server gives it.
const emulatorAdminKey = randomBytes(24).toString('hex');

interface ActivityResult {
  repository: string;
  pullNumber: number | null;
}

async function triggerActivity(body: object): Promise<ActivityResult> {
  const response = await fetch(`http://127.0.0.1:${emulatorPort}/_emulator/activity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-emulator-key': emulatorAdminKey },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ActivityResult;
}

async function connectDemoVercelAndSync(page: Page): Promise<void> {
  await connectDemoVercel(page);
  // Its first sync done, a deployment's webhook finds the project among the user's.
  await page.goto('/deployments');
  await page
    .getByText(/Synced from Vercel/)
    .first()
    .waitFor({ timeout: 20_000 });
}

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

  it('an emulator push to the default branch and a failed deployment arrive in the bell over SSE without a reload', async () => {
    const page = await e2e.newPage({ colorScheme: 'dark' });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();
    await page
      .getByRole('button', { name: /octocat/ })
      .first()
      .click();
    await page.waitForURL('**/dashboard');
    await connectDemoVercelAndSync(page);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await page.waitForTimeout(1000);

    const headerBell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    const unread = async () =>
      Number(/(\d+) unread/.exec((await headerBell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    async function expectItem(title: RegExp, before: number) {
      await expect.poll(unread, { timeout: 30_000 }).toBeGreaterThan(before);
      await headerBell.click();
      await panel.getByRole('button', { name: title }).first().waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
    }

    // A push may land on an open pull request's branch; only the default branch notifies.
    let pushed: ActivityResult | undefined;
    const before = await unread();
    for (let attempt = 0; attempt < 6 && !pushed; attempt += 1) {
      const result = await triggerActivity({ kind: 'push', waitForDeployment: false });
      if (result.pullNumber === null) pushed = result;
    }
    expect(pushed).toBeDefined();
    await expectItem(
      new RegExp(
        `^New commits on ${(pushed?.repository ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
      before,
    );

    // A production build that fails (the emulator walks it queued → building → error over about
    // 9 s, sending Vercel's webhooks) reaches the bell too. octocat/shipdeck: the demo user's own
    // repository with a project in the demo Vercel account (a failure of a project they neither
    // own nor see on Vercel is not theirs to hear of).
    const beforeFailure = await unread();
    await triggerActivity({
      kind: 'deployment',
      repo: 'octocat/shipdeck',
      outcome: 'ERROR',
      waitForDeployment: false,
    });
    await expectItem(/^Deployment failed: /, beforeFailure);

    expect(
      await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  }, 180_000);
});
