import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { PAGE_SESSION_COOKIE } from '@shipdeck/shared/server-rendered-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { createDatabase } from '../../../db/database.js';
import { bearer, newAccount, testConfig } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';
import { findProviderToken } from '../../connections/provider-tokens.repository.js';

const emulator = useEmulator({ repos: 8, richRepos: 2, projects: 2, deploymentsPerProject: 4 });

// SQLite only: the point is a real database file on disk to read back byte by byte.
describe('secrets at rest, in logs and in answers', () => {
  const directory = mkdtempSync(join(tmpdir(), 'shipdeck-secrets-'));
  const filename = join(directory, 'shipdeck.db');
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  let app: FastifyInstance;
  /**
   * Every answer, except what hands the caller a new session token: the body, and the HttpOnly
   * page-session cookie beside it (page-session-cookie.test.ts checks its attributes).
   */
  const answers: { label: string; text: string }[] = [];
  const issuedSessionTokens: string[] = [];

  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({
        logLevel: 'debug',
        github: emulator.githubConfig,
        vercel: emulator.vercelConfig,
        // A team reminder may post to the emulator's Slack receiver.
        slackWebhookHosts: [emulator.handle.url],
      }),
      database: createDatabase({ dialect: 'sqlite', filename }),
      logStream,
    });
  });
  afterAll(() => app.close());

  function record(label: string, response: LightMyRequestResponse, handsOutToken = false): void {
    if (!handsOutToken) {
      answers.push({ label, text: `${JSON.stringify(response.headers)}\n${response.body}` });
      return;
    }
    const setCookie = [response.headers['set-cookie'] ?? []].flat();
    const others = setCookie.filter((cookie) => !cookie.startsWith(`${PAGE_SESSION_COOKIE}=`));
    answers.push({
      label,
      text: JSON.stringify({ ...response.headers, 'set-cookie': others }),
    });
  }

  async function call(options: InjectOptions & { url: string }) {
    const response = await app.inject(options);
    const label = `${options.method ?? 'GET'} ${options.url}`;
    record(label, response);
    return response;
  }

  it('finds no provider token, session token or password in clear text anywhere', async () => {
    const account = newAccount('secrets');
    const signup = await app.inject({ method: 'POST', url: '/auth/signup', payload: account });
    expect(signup.statusCode).toBe(201);
    record('signup', signup, true);
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: account.password },
    });
    record('login', login, true);
    const passwordSession = login.json<{ data: { token: string } }>().data.token;
    issuedSessionTokens.push(passwordSession);

    const githubSession = await signInWithGithub(app);
    issuedSessionTokens.push(githubSession);
    const me = await call({ method: 'GET', url: '/auth/me', headers: bearer(githubSession) });
    const githubUserId = me.json<{ data: { user: { id: string } } }>().data.user.id;
    const stored = await findProviderToken(app.db, githubUserId, 'github');
    if (!stored) throw new Error('no GitHub token stored');
    const githubToken = app.secrets.open(stored.token_sealed);
    expect(githubToken).toMatch(/^gho_/);

    for (const url of [
      '/api/github/repos',
      '/api/github/repos?filter=private',
      '/api/github/repos/octocat/shipdeck',
      '/api/github/repos/octocat/secret-plans',
      '/api/github/repos/octocat/shipdeck/commits',
      '/api/github/repos/octocat/shipdeck/pulls',
      '/api/github/repos/octocat/shipdeck/branches',
      '/api/github/repos/octocat/shipdeck/languages',
      '/api/github/repos/octocat/no-such-repo',
      '/api/github/pull-requests',
      '/api/github/stats',
      '/api/github/activity',
      '/auth/stats',
    ]) {
      await call({ method: 'GET', url, headers: bearer(githubSession) });
    }
    const vercelToken = emulator.handle.createVercelToken('octocat');
    const wrongVercelToken = 'vercel_emu_wrong_token_0123456789';
    const refused = await call({
      method: 'PUT',
      url: '/auth/vercel',
      headers: bearer(githubSession),
      payload: { token: wrongVercelToken },
    });
    expect(refused.statusCode).toBe(400);
    await call({
      method: 'POST',
      url: '/auth/vercel/teams',
      headers: bearer(githubSession),
      payload: { token: vercelToken },
    });
    const connected = await call({
      method: 'PUT',
      url: '/auth/vercel',
      headers: bearer(githubSession),
      payload: { token: vercelToken },
    });
    expect(connected.statusCode).toBe(200);
    await app.jobs.drain();
    const vercelDeployments = await call({
      method: 'GET',
      url: '/api/vercel/deployments',
      headers: bearer(githubSession),
    });
    const deploymentId =
      vercelDeployments.json<{ data: { deployments: { id: string }[] } }>().data.deployments[0]
        ?.id ?? '';
    expect(deploymentId).toMatch(/^dpl_/);
    for (const url of [
      '/api/vercel/projects',
      '/api/vercel/status',
      `/api/vercel/deployments/${deploymentId}`,
      '/auth/me',
    ]) {
      await call({ method: 'GET', url, headers: bearer(githubSession) });
    }
    // A team reminder's Slack webhook URL, saved, changed, listed and used.
    await call({ method: 'GET', url: '/api/teams', headers: bearer(githubSession) });
    await app.jobs.drain();
    const teams = await call({ method: 'GET', url: '/api/teams', headers: bearer(githubSession) });
    const team = teams.json<{ data: { teams: { org: string; slug: string }[] } }>().data.teams[0];
    if (!team) throw new Error('octocat has no team');
    const reminders = `/api/teams/${team.org}/${team.slug}/reminders`;
    const slackUrls = [emulator.handle.newSlackWebhookUrl(), emulator.handle.newSlackWebhookUrl()];
    const reminder = await call({
      method: 'POST',
      url: reminders,
      headers: bearer(githubSession),
      payload: {
        channel: 'slack',
        slackWebhookUrl: slackUrls[0],
        days: ['mon'],
        times: ['09:00'],
        timeZone: 'UTC',
      },
    });
    expect(reminder.statusCode).toBe(201);
    const reminderId = reminder.json<{ data: { id: string } }>().data.id;
    await call({
      method: 'PATCH',
      url: `${reminders}/${reminderId}`,
      headers: bearer(githubSession),
      payload: { slackWebhookUrl: slackUrls[1] },
    });
    await call({ method: 'GET', url: reminders, headers: bearer(githubSession) });
    await call({
      method: 'POST',
      url: `${reminders}/${reminderId}/test`,
      headers: bearer(githubSession),
    });
    // The changed URL is the one used.
    const sentTo = new URL(slackUrls[1] ?? '').pathname.replace('/_emulator/slack', '');
    expect(emulator.handle.slack.list(sentTo)).toHaveLength(1);
    await call({ method: 'GET', url: '/api/github/repos', headers: bearer(passwordSession) });
    await call({ method: 'POST', url: '/auth/github/link', headers: bearer(passwordSession) });
    await call({
      method: 'PUT',
      url: '/auth/password',
      headers: bearer(passwordSession),
      payload: { currentPassword: 'wrong-password-1', newPassword: 'another-horse-2' },
    });
    await call({ method: 'GET', url: '/auth/me', headers: bearer(`${passwordSession}x`) });
    const refreshed = await app.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: bearer(passwordSession),
    });
    expect(refreshed.statusCode).toBe(200);
    record('refresh', refreshed, true);
    const newSession = refreshed.json<{ data: { token: string } }>().data.token;
    issuedSessionTokens.push(newSession);
    await call({ method: 'GET', url: '/auth/me', headers: bearer(passwordSession) });
    await call({ method: 'POST', url: '/auth/logout', headers: bearer(newSession) });
    await app.close();

    const secrets = [
      githubToken,
      vercelToken,
      wrongVercelToken,
      account.password,
      ...issuedSessionTokens,
      // The webhook's path is its secret.
      ...slackUrls.map((url) => new URL(url).pathname),
    ];
    // The capture is real: the requests above, with their URLs, logged with debug output on
    // (repository reads come from the synced store now, so no upstream error need log at debug).
    const log = logLines.join('');
    expect(app.log.level).toBe('debug');
    expect(log).toContain('/api/github/repos/octocat/shipdeck/commits');
    expect(log).toContain('/auth/vercel');
    // The SQLite file and its write-ahead log, read as bytes.
    const files = readdirSync(directory).filter((name) => name.startsWith('shipdeck.db'));
    expect(files).toContain('shipdeck.db');
    const database = files.map((name) => readFileSync(join(directory, name)).toString('latin1'));
    expect(database.join('')).toContain('provider_tokens');

    for (const secret of secrets) {
      const hint = `${secret.slice(0, 6)}…`;
      expect(log.includes(secret), `log holds ${hint}`).toBe(false);
      expect(
        database.some((bytes) => bytes.includes(secret)),
        `database holds ${hint}`,
      ).toBe(false);
      for (const answer of answers) {
        expect(answer.text.includes(secret), `${answer.label} answer holds ${hint}`).toBe(false);
      }
    }
    expect(answers.length).toBeGreaterThan(15);
  });
});

// OAuth's `state` is a bare identifier (or its hash); a provider's `deployment.state` or a
// `review_state` column is a status word, not a secret. A secret is never compared with a number
// literal: `pref_email_digest === 1` reads a stored switch.
const secretName = String.raw`(?:[\w.]*(?:token|secret|signature|digest|code(?:Verifier)?|state_hash)|(?<![\w.])state(?:Hash)?)\b`;
const plainComparison = new RegExp(
  String.raw`\b${secretName}\s*[!=]==?\s*(?!null\b|undefined\b|'|"|\d)[\w.]+|[\w.]+\s*[!=]==?\s*${secretName}`,
  'i',
);

function comparesSecretPlainly(line: string): boolean {
  return plainComparison.test(line) && !/typeof|\.length|\.status|\.code\b|error/i.test(line);
}

describe('secret comparisons', () => {
  it('recognises a plain comparison of a secret, and not a type or null check', () => {
    expect(comparesSecretPlainly('if (signature === expected) return true;')).toBe(true);
    expect(comparesSecretPlainly('return row.state_hash == hashState(state);')).toBe(true);
    expect(comparesSecretPlainly('if (provided !== webhookSecret) deny();')).toBe(true);
    expect(comparesSecretPlainly('if (provided !== webhook.secret) reject();')).toBe(true);
    expect(comparesSecretPlainly("if (typeof token === 'string') return;")).toBe(false);
    expect(comparesSecretPlainly('if (token === null) return;')).toBe(false);
    expect(comparesSecretPlainly('emailDigest: row.pref_email_digest === 1,')).toBe(false);
    expect(comparesSecretPlainly('if (row.digest === expectedDigest) ok();')).toBe(true);
    expect(comparesSecretPlainly('if (row.state !== state) deny();')).toBe(true);
    expect(comparesSecretPlainly('if (previous === deployment.state) continue;')).toBe(false);
    expect(comparesSecretPlainly('if (ship.review !== pull.review_state) mark();')).toBe(false);
  });

  const serverSource = fileURLToPath(new URL('../../../', import.meta.url));

  function sourceFiles(directory: string): string[] {
    return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(path);
      return entry.name.endsWith('.ts') && !/\.test\.ts$|^test-/.test(entry.name) ? [path] : [];
    });
  }

  // Sessions and OAuth states are found by the SHA-256 of the secret, never compared in code.
  // A secret compared with === leaks, through timing, how much of a guess was right: this
  // keeps new code (webhook signatures, one-time codes) on timingSafeEqual.
  it('compares no token, secret, signature or state with === in server code', () => {
    const files = sourceFiles(serverSource);
    expect(files.length).toBeGreaterThan(30);
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line: line.trim(), where: `${file}:${index + 1}` }))
        .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*'))
        .filter(({ line }) => comparesSecretPlainly(line)),
    );
    expect(offenders).toEqual([]);
  });
});
