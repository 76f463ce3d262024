import { passwordResetMessages } from '@shipdeck/shared/instance-access-messages';
import { mailUiTexts } from '@shipdeck/shared/mail';
import { signInSuccessMessages } from '@shipdeck/shared/sign-in-messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { signUpOverApi } from './support/sessions.js';

/** Opens the demo mailbox until a message with this subject shows, and answers the page's text. */
async function waitForMail(page: Page, subject: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto('/_demo/mail');
    if ((await page.getByRole('heading', { name: subject }).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`no "${subject}" in /_demo/mail`);
    await page.waitForTimeout(500);
  }
}

// Demo mode without SMTP_URL: the server mails its own in-process SMTP server, shown at
// /_demo/mail to the person each message was sent to.
describe('"Forgot password?" end to end in demo mode', () => {
  const e2e = useE2e();

  it('mails a reset link, read at /_demo/mail, that sets a new password and ends the old sessions', async () => {
    // The owner of the account is signed in on one device (which reads the demo mailbox)...
    const device = await e2e.newPage();
    const { account } = await signUpOverApi(device);
    const bystander = await e2e.newPage();
    await signUpOverApi(bystander);

    // ...and has forgotten the password on another.
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: mailUiTexts.forgotPasswordLink }).click();
    await page.waitForURL('**/forgot-password');
    // The address changes before the page's code has arrived, while /login (with its own Email
    // field) is still shown: under load the address went into the sign-in form.
    await page.getByRole('button', { name: mailUiTexts.forgotSubmit }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: mailUiTexts.forgotSubmit }).click();
    await page.getByText(mailUiTexts.forgotSent(account.email)).waitFor();

    await waitForMail(device, 'Reset your Shipdeck password');
    const link = await device
      .locator('pre a[href*="/reset-password?token="]')
      .first()
      .getAttribute('href');
    expect(link).toMatch(new RegExp(`^${e2e.server.url}/reset-password\\?token=`));

    // Nobody else sees it: another signed-in person, or a browser signed in as no one.
    await bystander.goto('/_demo/mail');
    await bystander.getByText(mailUiTexts.demoMailEmpty).waitFor();
    expect(await bystander.content()).not.toContain('reset-password');
    const stranger = await e2e.newPage();
    await stranger.goto('/_demo/mail');
    await stranger.getByText(mailUiTexts.demoMailSignedOut).waitFor();
    expect(await stranger.content()).not.toContain('reset-password');

    await page.goto(link ?? '');
    await page.getByLabel('New password', { exact: true }).fill('a-fresh-password-9');
    await page.getByLabel('Confirm new password').fill('a-fresh-password-9');
    await page.getByRole('button', { name: passwordResetMessages.submit }).click();
    await page.getByText(signInSuccessMessages.passwordReset).waitFor();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('a-fresh-password-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');

    // The reset ended the other device's session: its mailbox is now closed to it.
    await device.goto('/_demo/mail');
    await device.getByText(mailUiTexts.demoMailSignedOut).waitFor();
    // The new session reads the notice that the password changed.
    await waitForMail(page, 'Your Shipdeck password was changed');
    expect(e2e.pageErrors).toEqual([]);
  });
});
