import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import {
  admin,
  arr,
  githubGet,
  obj,
  startTestEmulator,
  vercelGet,
} from '../testing/test-emulator.js';

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

describe('admin API', () => {
  it('lists accounts with their ready-made tokens and issues new ones', async () => {
    const accounts = obj((await admin(emulator, 'GET', '/accounts')).json);
    const octocat = obj(arr(accounts.github).find((a) => obj(a).login === 'octocat'));
    expect(arr(octocat.tokens).map((t) => obj(t).token)).toContain('ghp_emu_octocat');
    expect(
      arr(accounts.vercel).some((u) => arr(obj(u).tokens).includes('vercel_emu_octocat')),
    ).toBe(true);
    const issued = obj(
      (
        await admin(emulator, 'POST', '/tokens', {
          provider: 'github',
          login: 'monalisa',
          scopes: ['read:user'],
        })
      ).json,
    );
    const user = await githubGet(emulator, '/user', String(issued.token));
    expect(obj(user.json).login).toBe('monalisa');
    expect(user.headers.get('x-oauth-scopes')).toBe('read:user');
    const vercelToken = obj(
      (await admin(emulator, 'POST', '/tokens', { provider: 'vercel', login: 'hubot' })).json,
    ).token;
    expect(
      obj(obj((await vercelGet(emulator, '/v2/user', String(vercelToken))).json).user).username,
    ).toBe('hubot');
    expect((await admin(emulator, 'POST', '/tokens', { login: 'nobody-here' })).status).toBe(404);
    expect((await admin(emulator, 'POST', '/tokens', { login: 7 })).status).toBe(400);
  });

  it('keeps a request log (who, what, status, faults, 304s) without storing tokens', async () => {
    await admin(emulator, 'DELETE', '/requests');
    const first = await githubGet(emulator, '/repos/octocat/shipdeck');
    await githubGet(emulator, '/repos/octocat/shipdeck', undefined, {
      'if-none-match': first.headers.get('etag') ?? '',
    });
    await vercelGet(emulator, '/v2/user', 'vercel_bogus');
    const log = arr((await admin(emulator, 'GET', '/requests')).json).map(obj);
    expect(log.map((e) => [e.area, e.method, e.url, e.status, e.actor, e.notModified])).toEqual([
      ['github', 'GET', '/api/v3/repos/octocat/shipdeck', 200, 'octocat', false],
      ['github', 'GET', '/api/v3/repos/octocat/shipdeck', 304, 'octocat', true],
      ['vercel', 'GET', '/v2/user', 403, null, false],
    ]);
    expect(JSON.stringify(log)).not.toContain('ghp_emu_octocat');
    const onlyVercel = arr((await admin(emulator, 'GET', '/requests?area=vercel')).json);
    expect(onlyVercel).toHaveLength(1);
    expect(emulator.requestLog.list({ area: 'github' })).toHaveLength(2);
  });

  it('triggers activity, serves avatars, a data dump and the html_url pages', async () => {
    const result = obj(
      (
        await admin(emulator, 'POST', '/activity', {
          kind: 'pull_request.merged',
          repo: 'octocat/shipdeck',
        })
      ).json,
    );
    expect(result.kind).toBe('pull_request.merged');
    const merged = obj(
      (await githubGet(emulator, `/repos/octocat/shipdeck/pulls/${String(result.pullNumber)}`))
        .json,
    );
    expect(merged.merged).toBe(true);
    expect((await admin(emulator, 'POST', '/activity', { kind: 'nope' })).status).toBe(400);
    expect((await admin(emulator, 'POST', '/activity', { repo: 'octocat/missing' })).status).toBe(
      404,
    );

    const user = obj((await githubGet(emulator, '/user')).json);
    const avatar = await fetch(String(user.avatar_url));
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toMatch(/^<svg /);
    const dump = obj((await admin(emulator, 'GET', '/data')).json);
    expect(arr(dump.repos).length).toBe(emulator.world.repos.size);
    const page = await fetch(
      String(obj((await githubGet(emulator, '/repos/octocat/xss-playground')).json).html_url),
    );
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).not.toContain('<script>alert');
  });
});

describe('CLI', () => {
  it('parses its flags and can dump the generated world to a data file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emulator-cli-'));
    try {
      const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
      const file = join(dir, 'world.json');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          cli,
          '--port',
          '0',
          '--repos',
          '12',
          '--seed',
          '3',
          '--latency',
          '5',
          '--dump-data',
          file,
        ],
        {
          cwd: fileURLToPath(new URL('../..', import.meta.url)),
        },
      );
      expect(stdout).toContain('Wrote');
      const data = obj(JSON.parse(await readFile(file, 'utf8')));
      expect(arr(data.repos).filter((r) => obj(r).ownerId === 583231)).toHaveLength(12);
      const help = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, '--help'], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
      });
      expect(help.stdout).toContain('--repos');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // Two cold `tsx` processes: on a busy 2-core CI machine (files run two at a time) they can
    // take longer than Vitest's 5 s default.
  }, 30_000);
});
