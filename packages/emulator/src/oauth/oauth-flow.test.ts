import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import { githubGet, obj, startTestEmulator } from '../testing/test-emulator.js';
import { CODE_TTL_MS, OAuthCodeStore } from './oauth-codes.js';
import { s256 } from './pkce.js';

let emulator: EmulatorHandle;
const REDIRECT = 'http://127.0.0.1:39999/auth/github/callback';
const VERIFIER = 'a'.repeat(20) + '-._~' + 'Z9'.repeat(12);

beforeAll(async () => {
  emulator = await startTestEmulator({
    oauthApps: [
      {
        clientId: 'registered-app',
        clientSecret: 'registered-secret',
        name: 'Registered',
        callbackUrl: 'http://127.0.0.1:3000/auth/callback',
      },
    ],
  });
});
afterAll(() => emulator.close());

function authorizeUrl(params: Record<string, string>): string {
  return `${emulator.authorizeUrl}?${new URLSearchParams(params).toString()}`;
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The fields of the consent form for `login` (or the Cancel form), as a browser would post them. */
function formFields(html: string, login: string | null): URLSearchParams {
  const forms = html.match(/<form[\s\S]*?<\/form>/g) ?? [];
  const form = forms.find((f) =>
    login === null ? f.includes('value="deny"') : f.includes(`name="login" value="${login}"`),
  );
  if (!form) throw new Error(`No form for ${login ?? 'cancel'}`);
  const fields = new URLSearchParams();
  for (const input of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.append(decode(input[1] ?? ''), decode(input[2] ?? ''));
  return fields;
}

async function choose(params: Record<string, string>, login: string | null): Promise<URL> {
  const page = await fetch(authorizeUrl(params));
  expect(page.status).toBe(200);
  const response = await fetch(emulator.authorizeUrl, {
    method: 'POST',
    body: formFields(await page.text(), login),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function exchange(
  fields: Record<string, string>,
  accept = 'application/json',
  asJson = false,
): Promise<{ status: number; body: Record<string, unknown>; text: string; type: string }> {
  const response = await fetch(emulator.accessTokenUrl, {
    method: 'POST',
    headers: {
      accept,
      'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded',
    },
    body: asJson ? JSON.stringify(fields) : new URLSearchParams(fields),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const body: Record<string, unknown> = type.includes('json')
    ? obj(JSON.parse(text))
    : Object.fromEntries(new URLSearchParams(text));
  return { status: response.status, body, text, type };
}

const base = {
  client_id: 'shipdeck-emulator-client',
  redirect_uri: REDIRECT,
  scope: 'read:user user:email repo',
  state: 'st4te-🙂',
};

describe('GitHub OAuth web flow', () => {
  it('lists emulated accounts on an escaped consent page and completes the flow with PKCE', async () => {
    const page = await fetch(
      authorizeUrl({
        ...base,
        login: 'hubot',
        code_challenge: s256(VERIFIER),
        code_challenge_method: 'S256',
      }),
    );
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    for (const login of ['octocat', 'hubot', 'monalisa', 'zoe-unicode'])
      expect(html).toContain(`value="${login}"`);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;');
    expect(html.indexOf('value="hubot"')).toBeLessThan(html.indexOf('value="octocat"'));

    const callback = await choose(
      { ...base, code_challenge: s256(VERIFIER), code_challenge_method: 'S256' },
      'octocat',
    );
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe(base.state);
    const code = callback.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9]{20}$/);

    const token = await exchange({
      client_id: base.client_id,
      client_secret: 'shipdeck-emulator-secret',
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'bearer', scope: 'read:user,user:email,repo' });
    const accessToken = String(token.body.access_token);
    expect(accessToken).toMatch(/^gho_[A-Za-z0-9]{36}$/);

    const user = await githubGet(emulator, '/user', accessToken);
    expect(obj(user.json).login).toBe('octocat');
    expect(user.headers.get('x-oauth-scopes')).toBe('read:user, user:email, repo');
    expect(obj(user.json).user_view_type).toBe('public');
    expect((await githubGet(emulator, '/user/emails', accessToken)).status).toBe(200);

    const reused = await exchange({
      client_id: base.client_id,
      client_secret: 'shipdeck-emulator-secret',
      code,
      code_verifier: VERIFIER,
    });
    expect(reused.status).toBe(200);
    expect(reused.body.error).toBe('bad_verification_code');
    expect(reused.body.error_description).toBe('The code passed is incorrect or expired.');
  });

  it('answers form-encoded by default, JSON bodies are accepted, and errors come with HTTP 200', async () => {
    const callback = await choose(base, 'monalisa');
    const code = callback.searchParams.get('code') ?? '';
    const wrongSecret = await exchange(
      { client_id: base.client_id, client_secret: 'nope', code },
      '*/*',
    );
    expect(wrongSecret.status).toBe(200);
    expect(wrongSecret.type).toContain('application/x-www-form-urlencoded');
    expect(wrongSecret.body.error).toBe('incorrect_client_credentials');
    const mismatch = await exchange({
      client_id: base.client_id,
      client_secret: 'shipdeck-emulator-secret',
      code,
      redirect_uri: 'http://127.0.0.1:39999/elsewhere',
    });
    expect(mismatch.body.error).toBe('redirect_uri_mismatch');
    const ok = await exchange(
      { client_id: base.client_id, client_secret: 'shipdeck-emulator-secret', code },
      '*/*',
      true,
    );
    expect(ok.text).toMatch(
      /^access_token=gho_\w+&token_type=bearer&scope=read%3Auser%2Cuser%3Aemail%2Crepo$/,
    );
  });

  it('rejects a wrong or missing PKCE verifier with bad_verification_code and burns the code', async () => {
    const params = { ...base, code_challenge: s256(VERIFIER), code_challenge_method: 'S256' };
    const code = (await choose(params, 'octocat')).searchParams.get('code') ?? '';
    const missing = await exchange({
      client_id: base.client_id,
      client_secret: 'shipdeck-emulator-secret',
      code,
    });
    expect(missing.body.error).toBe('bad_verification_code');
    const late = await exchange({
      client_id: base.client_id,
      client_secret: 'shipdeck-emulator-secret',
      code,
      code_verifier: VERIFIER,
    });
    expect(late.body.error).toBe('bad_verification_code');
    const code2 = (await choose(params, 'octocat')).searchParams.get('code') ?? '';
    const wrong = await exchange({
      client_id: base.client_id,
      client_secret: 'shipdeck-emulator-secret',
      code: code2,
      code_verifier: 'b'.repeat(43),
    });
    expect(wrong.body.error).toBe('bad_verification_code');
  });

  it('sends refusals to the callback: access_denied, invalid PKCE method; keeps state', async () => {
    const denied = await choose(base, null);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe(base.state);
    expect(denied.searchParams.get('error_uri')).toContain('docs.github.com');
    const plain = await fetch(
      authorizeUrl({ ...base, code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }),
      { redirect: 'manual' },
    );
    expect(plain.status).toBe(302);
    expect(new URL(plain.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'invalid_request',
    );
  });

  it('enforces a registered callback: same host and a path at or below it, any loopback port', async () => {
    const app = { client_id: 'registered-app', state: 'abc' };
    const elsewhere = await fetch(
      authorizeUrl({ ...app, redirect_uri: 'http://evil.example.com/auth/callback' }),
      { redirect: 'manual' },
    );
    expect(elsewhere.status).toBe(302);
    const location = new URL(elsewhere.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/auth/callback');
    expect(location.searchParams.get('error')).toBe('redirect_uri_mismatch');
    expect(location.searchParams.get('state')).toBe('abc');
    expect(
      (
        await fetch(
          authorizeUrl({ ...app, redirect_uri: 'http://127.0.0.1:4567/auth/callback/deeper' }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await fetch(authorizeUrl({ ...app, redirect_uri: 'http://127.0.0.1:3000/other' }), {
          redirect: 'manual',
        })
      ).status,
    ).toBe(302);
    const defaulted = await choose(app, 'hubot');
    expect(`${defaulted.origin}${defaulted.pathname}`).toBe('http://127.0.0.1:3000/auth/callback');
    expect((await fetch(authorizeUrl({ client_id: 'unknown-app' }))).status).toBe(404);
  });
});

describe('authorization codes', () => {
  it('expire after ten minutes', () => {
    let now = 1_000_000;
    const store = new OAuthCodeStore(() => now);
    const code = store.issue({
      clientId: 'c',
      accountId: 1,
      scopes: [],
      redirectUri: null,
      codeChallenge: null,
    });
    now += CODE_TTL_MS - 1;
    expect(store.peek(code)).toBeDefined();
    now += 1;
    expect(store.peek(code)).toBeUndefined();
  });
});
