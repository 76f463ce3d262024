// Ways into the built app that many browser tests share: the demo GitHub user, the demo Vercel
// account, and a fresh email/password account with its session token.
import type { Page } from 'playwright-core';
import { uniqueAccount } from './fixtures.js';

/** Signs in as the emulator's demo GitHub user (octocat) through the real OAuth flow. */
export async function signInAsOctocat(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with GitHub' }).click();
  await page.locator('button[data-login="octocat"]').click();
  await page.waitForURL('**/dashboard');
}

/** Connects the emulator's demo Vercel account from Settings; nothing when already connected. */
export async function connectDemoVercel(page: Page): Promise<void> {
  await page.goto('/settings');
  const vercelRow = page.locator('li', { hasText: 'Vercel' });
  await vercelRow.getByRole('button').first().waitFor();
  if (await vercelRow.getByRole('button', { name: 'Disconnect' }).isVisible()) return;
  await vercelRow.getByRole('button', { name: 'Connect', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Vercel' });
  await dialog.getByRole('button', { name: 'Use the demo account' }).click();
  await page.getByText('Vercel account connected').waitFor();
}

/** A new email/password account, made and signed in over the API from this page's browser. */
export async function signUpOverApi(
  page: Page,
): Promise<{ account: ReturnType<typeof uniqueAccount>; token: string }> {
  const account = uniqueAccount();
  await page.request.post('/auth/signup', { data: account });
  const login = await page.request.post('/auth/login', {
    data: { email: account.email, password: account.password },
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return { account, token: data.token };
}
