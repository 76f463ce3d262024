import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './launch-browser.js';
import type { RunningServer } from './start-server.js';
import { startServer } from './start-server.js';

export interface E2eContext {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh page that records uncaught errors; `pageErrors` lists them. */
  newPage: (options?: { width?: number; colorScheme?: 'dark' | 'light' }) => Promise<Page>;
  readonly pageErrors: string[];
}

/** One built server and one browser per test file. */
export function useE2e(env: Record<string, string> = {}): E2eContext {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('browser not launched');
      return browser;
    },
    pageErrors,
    newPage: async ({ width = 1280, colorScheme = 'light' } = {}) => {
      if (!browser || !server) throw new Error('not started');
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width, height: 900 },
        colorScheme,
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return page;
    },
  };
}

let counter = 0;
export function uniqueAccount() {
  counter += 1;
  const username = `e2e${Date.now().toString(36)}${counter}`;
  return { username, email: `${username}@example.com`, password: 'secret-pass-1' };
}
