import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './support/fixtures.js';
import { freePort } from './support/start-server.js';

const emulatorPort = await freePort();
const emulatorAdminKey = randomBytes(24).toString('hex');

// Each payload records itself in window.__xss (or opens a dialog) if it ever runs.
const prTitle = `<img src=x onerror="window.__xss.push('pr-title')"><script>window.__xss.push('pr-script')</script> Fix login`;
const prBranch = `<img/src=x/onerror=alert('branch')>`;
const commitMessage = `<svg onload="window.__xss.push('commit')"></svg> javascript:alert('commit') Update docs`;
const mergedTitle = `<img src=x onerror=alert('merged')> Merge the hostile change`;
const repoDescription = '<script>alert("repo description")</script>';

interface ActivityResult {
  deploymentId: string | null;
}

async function plant(body: Record<string, unknown>): Promise<ActivityResult> {
  const response = await fetch(`http://127.0.0.1:${emulatorPort}/_emulator/activity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-emulator-key': emulatorAdminKey },
    body: JSON.stringify({ repo: 'octocat/shipdeck', ...body }),
  });
  if (response.status !== 200) throw new Error(`activity answered ${response.status}`);
  return (await response.json()) as ActivityResult;
}

/** What a page did that it never should: payloads run, dialogs, CSP refusals, live bad links. */
async function attempts(page: Page): Promise<{
  ran: string[];
  violations: string[];
  badLinks: string[];
  liveHandlers: number;
}> {
  return page.evaluate(() => {
    const state = window as unknown as { __xss: string[]; __csp: string[] };
    return {
      ran: state.__xss,
      violations: state.__csp,
      badLinks: [...document.querySelectorAll('a[href]')]
        .map((a) => a.getAttribute('href') ?? '')
        .filter((href) => /^\s*(javascript|data|vbscript):/i.test(href)),
      liveHandlers: document.querySelectorAll('[onerror], [onload], [onclick], script:not([src])')
        .length,
    };
  });
}

describe('provider HTML is shown as text', () => {
  const e2e = useE2e({
    EMULATOR_PORT: String(emulatorPort),
    EMULATOR_ADMIN_KEY: emulatorAdminKey,
  });

  it('renders hostile titles, messages, branches and descriptions as text; nothing runs', async () => {
    // Planted before sign-in, so the first sync stores them.
    const preview = await plant({
      kind: 'pull_request.opened',
      text: prTitle,
      branch: prBranch,
    });
    await plant({ kind: 'push', text: commitMessage });

    const page = await e2e.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.addInitScript(() => {
      const state = window as unknown as { __xss: string[]; __csp: string[] };
      state.__xss = [];
      state.__csp = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        // zod probes once whether eval works (new Function), from the app's own bundle; CSP
        // blocks the probe and zod falls back. Injected markup shows as inline or attribute
        // script instead, and those are all counted.
        if (event.blockedURI === 'eval' && event.sourceFile.includes('/assets/')) return;
        state.__csp.push(
          `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();
    await page.locator('button[data-login="octocat"]').click();
    await page.waitForURL('**/dashboard');

    await page.goto('/settings');
    const vercelRow = page.locator('li', { hasText: 'Vercel' });
    await vercelRow.getByRole('button', { name: 'Connect', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Connect Vercel' })
      .getByRole('button', { name: 'Use the demo account' })
      .click();
    await page.getByText('Vercel account connected').waitFor();

    // After sign-in, so it becomes a notification: "Merged: <title>".
    await plant({ kind: 'pull_request.merged', text: mergedTitle });

    const visits: { path: string; shows: string[] }[] = [
      { path: '/dashboard', shows: [] },
      { path: '/repositories?q=xss-playground', shows: [repoDescription] },
      { path: '/repo/octocat/xss-playground', shows: [repoDescription] },
      { path: '/repo/octocat/shipdeck', shows: [commitMessage.split('\n')[0] ?? ''] },
      { path: '/pull-requests', shows: [prTitle] },
      { path: '/deployments', shows: [prBranch] },
      { path: `/deployments/${preview.deploymentId ?? ''}`, shows: [prBranch] },
      { path: '/notifications', shows: [mergedTitle] },
      { path: '/insights', shows: [] },
    ];
    for (const { path, shows } of visits) {
      await page.goto(path);
      await page.getByRole('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const text of shows) {
        // Exactly as the provider sent it, as characters on the page.
        await expect
          .poll(() => page.evaluate(() => document.body.textContent), {
            message: `${path} shows ${text}`,
            timeout: 20_000,
          })
          // Lists shorten long lines with an ellipsis; the start is enough to find it.
          .toContain(text.slice(0, 40));
      }
      expect(await attempts(page), path).toEqual({
        ran: [],
        violations: [],
        badLinks: [],
        liveHandlers: 0,
      });
    }
    // The pull-request tab of the repository holds the hostile title too.
    await page.goto('/repo/octocat/shipdeck');
    await page.getByRole('tab', { name: /Pull Requests/ }).click();
    await expect
      .poll(() => page.getByRole('tabpanel').textContent(), { timeout: 20_000 })
      .toContain(prTitle.slice(0, 40));
    expect((await attempts(page)).ran).toEqual([]);

    expect(dialogs).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  }, 120_000);

  it('sends the security headers and a CSP that forbids inline and injected script', async () => {
    for (const path of ['/', '/dashboard', '/api/meta']) {
      const response = await fetch(`${e2e.server.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('default-src'), path).toEqual(["'self'"]);
      expect(directives.get('script-src'), path).toEqual(["'self'"]);
      expect(directives.get('script-src-attr'), path).toEqual(["'none'"]);
      expect(directives.get('object-src'), path).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(directives.get('base-uri'), path).toEqual(["'self'"]);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
    }
  });
});
