import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Debian's Chromium; Playwright's own browser download cannot run on these machines. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
