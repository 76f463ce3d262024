import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import type { EmulatorHandle, EmulatorOptions } from '@shipdeck/emulator/start-emulator';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { GithubConfig } from './config/env.js';
import { settleGithubSyncs } from './modules/github-sync/request-github-sync.js';

/** One emulator per test file; read `.handle` inside tests and hooks. */
export function useEmulator(options: EmulatorOptions = {}): {
  readonly handle: EmulatorHandle;
  readonly githubConfig: GithubConfig;
} {
  let handle: EmulatorHandle | undefined;
  beforeAll(async () => {
    handle = await startEmulator({ repos: 12, richRepos: 4, projects: 2, ...options });
  });
  afterAll(() => handle?.close());
  const current = () => {
    if (!handle) throw new Error('emulator not started');
    return handle;
  };
  return {
    get handle() {
      return current();
    },
    get githubConfig() {
      return {
        clientId: DEMO_OAUTH_APP.clientId,
        clientSecret: DEMO_OAUTH_APP.clientSecret,
        apiUrl: current().githubApiUrl,
        webUrl: current().oauthUrl,
      };
    },
  };
}

/**
 * Plays the browser through the OAuth web flow: our redirect, the emulator's authorize form,
 * our callback. Returns where the callback sent the browser.
 */
export async function runOAuth(
  app: FastifyInstance,
  start: { url: string } | { authorizeUrl: string },
  choice: { login?: string; decision?: 'allow' | 'deny' } = {},
): Promise<string> {
  let authorizeUrl: string;
  if ('authorizeUrl' in start) {
    authorizeUrl = start.authorizeUrl;
  } else {
    const begin = await app.inject({ method: 'GET', url: start.url });
    authorizeUrl = String(begin.headers.location);
  }
  const authorize = new URL(authorizeUrl);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('login', choice.login ?? 'octocat');
  form.set('decision', choice.decision ?? 'allow');
  const approval = await fetch(new URL('/login/oauth/authorize', authorize), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  if (approval.status !== 302) throw new Error(`authorize answered ${approval.status}`);
  const callback = new URL(String(approval.headers.get('location')));
  const finish = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  return String(finish.headers.location);
}

/**
 * Signs in with GitHub as `login`, waits for the initial sync it starts, and returns the Shipdeck
 * bearer token.
 */
export async function signInWithGithub(app: FastifyInstance, login = 'octocat'): Promise<string> {
  const landing = await runOAuth(app, { url: '/auth/github' }, { login });
  await settleGithubSyncs(app);
  const match = /^\/dashboard\?token=(.+)$/.exec(landing);
  if (!match?.[1]) throw new Error(`GitHub sign-in failed: ${landing}`);
  return decodeURIComponent(match[1]);
}
