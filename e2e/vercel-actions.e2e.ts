import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { connectDemoVercel, signInAsOctocat } from './support/sessions.js';

/** Opens the first triage page that offers a rollback: a production deployment with a good one before it. */
async function openRollbackCandidate(page: Page): Promise<void> {
  await page.goto('/deployments?filter=ready');
  await page.locator('a[href^="/deployments/dpl_"]').first().waitFor();
  const links = await page
    .locator('a[href^="/deployments/dpl_"]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  for (const href of links) {
    await page.goto(href);
    await page.getByRole('heading', { name: 'Build log (last lines)' }).waitFor();
    if ((await page.getByRole('button', { name: /^Roll back to / }).count()) > 0) return;
  }
  throw new Error('no deployment offers a rollback');
}

const looks = [
  { width: 1280, colorScheme: 'light' as const },
  { width: 390, colorScheme: 'dark' as const },
];

describe.each(looks)(
  'acting on Vercel deployments in the browser ($width px, $colorScheme)',
  (look) => {
    const e2e = useE2e();

    it('rolls production back from the triage page, follows it, and offers the promote that resumes it', async () => {
      const page = await e2e.newPage(look);
      await signInAsOctocat(page);
      await connectDemoVercel(page);
      await openRollbackCandidate(page);

      const rollBack = page.getByRole('button', {
        name: /^Roll back to [0-9a-f]{7} \(last good\)$/,
      });
      const sha = /Roll back to ([0-9a-f]{7})/.exec((await rollBack.textContent()) ?? '')?.[1];
      await rollBack.click();
      const dialog = page.getByRole('dialog', { name: 'Roll back production?' });
      await dialog.getByText(`will serve ${sha ?? ''} again`).waitFor();
      await dialog.getByRole('button', { name: 'Roll back production' }).click();
      // The emulator moves the alias through pending and in-progress, a few seconds each.
      await dialog.getByText(/serves [0-9a-f]{7} now\./).waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Done' }).click();

      await page.goto('/deployments');
      const notice = page.getByText(/is rolled back to/).first();
      await notice.waitFor();
      expect(await notice.textContent()).toContain(sha);
      await page
        .getByRole('button', { name: /^Promote [0-9a-f]{7}$/ })
        .first()
        .waitFor();

      await page.getByRole('button', { name: 'Notifications' }).first().click();
      await page
        .getByText(new RegExp(`rolled production of .+ back to ${sha ?? ''}`))
        .first()
        .waitFor();
      expect(e2e.pageErrors).toEqual([]);
    }, 120_000);

    it('redeploys, then cancels the new build', async () => {
      const page = await e2e.newPage(look);
      await signInAsOctocat(page);
      await connectDemoVercel(page);
      await openRollbackCandidate(page);

      await page.getByRole('button', { name: 'Redeploy' }).click();
      const redeploy = page.getByRole('dialog', { name: 'Redeploy this commit?' });
      await redeploy.getByRole('button', { name: 'Redeploy' }).click();
      await redeploy.getByRole('link', { name: 'Follow the build' }).click();

      await page.getByRole('button', { name: 'Cancel build' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel this build?' });
      await cancel.getByRole('button', { name: 'Cancel build' }).click();
      await page.getByText(/^Build of [0-9a-f]{7} canceled$/).waitFor();
      await page.getByText('Cancelled', { exact: true }).first().waitFor();
      expect(e2e.pageErrors).toEqual([]);
    }, 120_000);
  },
);
