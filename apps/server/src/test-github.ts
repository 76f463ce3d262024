import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import type { EmulatorHandle, EmulatorOptions } from '@shipdeck/emulator/start-emulator';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import { OAUTH_COMPLETE_PATH } from '@shipdeck/shared/constants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { GithubConfig, VercelConfig } from './config/env.js';
import type { Db } from './db/database.js';
import { OAUTH_BROWSER_COOKIE } from './modules/github-auth/oauth-browser-cookie.js';

/** One emulator per test file; read `.handle` inside tests and hooks. */
export function useEmulator(options: EmulatorOptions = {}): {
  readonly handle: EmulatorHandle;
  readonly githubConfig: GithubConfig;
  /** The emulator's Vercel with no server-wide token, and no retrying in tests. */
  readonly vercelConfig: VercelConfig;
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
        apiUrl: current().githubApiUrl,
        webUrl: current().oauthUrl,
        oauth: { clientId: DEMO_OAUTH_APP.clientId, clientSecret: DEMO_OAUTH_APP.clientSecret },
      };
    },
    get vercelConfig() {
      return {
        apiUrl: current().vercelApiUrl,
        serverToken: null,
        serverTeamId: null,
        retryForMs: 0,
      };
    },
  };
}

/** The `name=value` pair of the OAuth binding cookie a response set, as a browser would keep it. */
export function bindingCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header)
    ? header.map(String)
    : typeof header === 'string'
      ? [header]
      : [];
  const pair = lines
    .map((line) => line.split(';')[0] ?? '')
    .find((entry) => entry.startsWith(`${OAUTH_BROWSER_COOKIE}=`));
  if (!pair) throw new Error('the response set no OAuth binding cookie');
  return pair;
}

/** A connect from Settings as the browser does it: the authorize URL and the cookie set with it. */
export async function startGithubLink(
  app: FastifyInstance,
  token: string,
): Promise<{ authorizeUrl: string; cookie: string }> {
  const link = await app.inject({
    method: 'POST',
    url: '/auth/github/link',
    headers: { authorization: `Bearer ${token}` },
  });
  if (link.statusCode !== 200) throw new Error(`link answered ${link.statusCode}`);
  return {
    authorizeUrl: link.json<{ data: { url: string } }>().data.url,
    cookie: bindingCookie(link),
  };
}

/**
 * Plays one browser through the OAuth web flow: our redirect (which sets the binding cookie), the
 * emulator's authorize form, our callback with that cookie. Returns where the callback sent the
 * browser and the cookie it holds. `cookie` overrides the jar, e.g. to play another browser.
 */
export async function playOAuth(
  app: FastifyInstance,
  start: { url: string } | { authorizeUrl: string; cookie: string | null },
  choice: { login?: string; decision?: 'allow' | 'deny' } = {},
): Promise<{ location: string; cookie: string | null }> {
  let authorizeUrl: string;
  let cookie: string | null;
  if ('authorizeUrl' in start) {
    authorizeUrl = start.authorizeUrl;
    cookie = start.cookie;
  } else {
    const begin = await app.inject({ method: 'GET', url: start.url });
    authorizeUrl = String(begin.headers.location);
    cookie = bindingCookie(begin);
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
  const finish = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: cookie ? { cookie } : {},
  });
  return { location: String(finish.headers.location), cookie };
}

/** Like `playOAuth`, returning only where the callback sent the browser. */
export async function runOAuth(
  app: FastifyInstance,
  start: { url: string } | { authorizeUrl: string; cookie: string | null },
  choice: { login?: string; decision?: 'allow' | 'deny' } = {},
): Promise<string> {
  return (await playOAuth(app, start, choice)).location;
}

/** Trades the one-time code of a callback landing for a session, as the web app does. */
export async function exchangeLanding(
  app: FastifyInstance,
  landing: string,
  cookie: string | null,
): Promise<{ statusCode: number; token: string | null }> {
  const url = new URL(landing, 'http://shipdeck.test');
  if (url.pathname !== OAUTH_COMPLETE_PATH) throw new Error(`GitHub sign-in failed: ${landing}`);
  const response = await app.inject({
    method: 'POST',
    url: '/auth/exchange',
    headers: cookie ? { cookie } : {},
    payload: { code: url.searchParams.get('code') ?? '' },
  });
  const body = response.json<{ data?: { token?: string } }>();
  return { statusCode: response.statusCode, token: body.data?.token ?? null };
}

/**
 * Signs in with GitHub as `login`, runs the initial sync job it queues, and returns the Shipdeck
 * bearer token.
 */
export async function signInWithGithub(app: FastifyInstance, login = 'octocat'): Promise<string> {
  const { location, cookie } = await playOAuth(app, { url: '/auth/github' }, { login });
  const { token } = await exchangeLanding(app, location, cookie);
  if (!token) throw new Error(`GitHub sign-in failed: ${location}`);
  await app.jobs.drain();
  return token;
}

/** The Shipdeck user id of whoever signed in with this GitHub login. */
export async function userIdOfGithubLogin(db: Db, login: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('github_login', '=', login)
    .executeTakeFirstOrThrow();
  return row.id;
}
