import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { errorMessages } from '@shipdeck/shared/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEntries, signUp } from '../../../test-access.js';
import {
  bearer,
  logIn,
  newAccount,
  signUpAndLogIn,
  testDialects,
  useTestApp,
} from '../../../test-app.js';
import { AppError } from '../../../lib/app-error.js';
import { runAdminCommand, UsageError } from '../admin-commands.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../../../', import.meta.url));

describe.each(testDialects)('the operator command line on %s', (dialect) => {
  const t = useTestApp(dialect, {
    demoMode: false,
    signups: { mode: 'closed', emailDomains: [] },
    publicUrl: 'https://deck.example.com',
  });
  const admin = (...argv: string[]) =>
    runAdminCommand({ db: t.app.db, config: t.app.config }, argv);

  /** An account let in by a command-line invitation (sign-ups are closed here). */
  async function invited(prefix: string, email: string) {
    const printed = await admin('invite', email);
    expect(printed).toContain('https://deck.example.com/signup?invitation=');
    const token = new URL(printed.split('\n')[1] ?? '').searchParams.get('invitation') ?? '';
    const account = { ...newAccount(prefix), email };
    expect((await signUp(t.app, account, token)).statusCode).toBe(201);
    return { account, ...(await logIn(t.app, account)) };
  }

  it('lists users, changes roles, disables and enables, each recorded as the command line', async () => {
    const owner = await signUpAndLogIn(t.app);
    const member = await invited('cli', 'someone@example.com');
    expect(await admin('list-users')).toMatch(/someone@example\.com\s+cli\S+\s+member\s+active/);
    expect(await admin('set-role', member.account.email, 'admin')).toBe(
      'someone@example.com is now admin.',
    );
    expect(await admin('list-users')).toMatch(/someone@example\.com\s+cli\S+\s+admin\s+active/);
    await admin('set-role', member.account.email, 'member');

    expect(await admin('disable', member.account.email)).toContain('disabled');
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(member.token) }))
        .statusCode,
    ).toBe(401);
    expect(await admin('list-users')).toMatch(/someone@example\.com.*disabled/);
    await admin('enable', member.account.email);
    expect((await logIn(t.app, member.account)).token).toMatch(/^sds_/);

    const entries = await auditEntries(t.app, owner.token);
    for (const action of [
      'user.enabled',
      'user.disabled',
      'invitation.created',
      'user.role_changed',
    ]) {
      expect(entries.find((e) => e.action === action)?.actor, action).toEqual({
        kind: 'cli',
        username: null,
      });
    }
  });

  it('prints a single-use reset link that sets a new password', async () => {
    const { account } = await invited('locked', 'locked.out@example.com');
    const printed = await admin('reset-password', account.email);
    const url = new URL(printed.split('\n')[1] ?? '');
    expect(url.origin + url.pathname).toBe('https://deck.example.com/reset-password');
    const done = await t.app.inject({
      method: 'POST',
      url: '/auth/password-reset/complete',
      payload: { token: url.searchParams.get('token'), password: 'back-in-again' },
    });
    expect(done.statusCode).toBe(200);
    expect((await logIn(t.app, { email: account.email, password: 'back-in-again' })).token).toMatch(
      /^sds_/,
    );
  });

  it('keeps the last owner and explains mistakes', async () => {
    const users = await t.app.db
      .selectFrom('users')
      .select(['email'])
      .where('role', '=', 'owner')
      .execute();
    expect(users).toHaveLength(1);
    await expect(admin('set-role', users[0]?.email ?? '', 'member')).rejects.toThrow(
      new AppError(409, 'CONFLICT', errorMessages.lastOwner),
    );
    await expect(admin('disable', users[0]?.email ?? '')).rejects.toThrow(errorMessages.lastOwner);
    await expect(admin('set-role', 'nobody@example.com', 'admin')).rejects.toThrow(/No account/);
    await expect(admin('set-role', users[0]?.email ?? '', 'king')).rejects.toThrow(UsageError);
    await expect(admin('frobnicate')).rejects.toThrow(UsageError);
    expect(await admin('help')).toContain('reset-password EMAIL');
  });
});

describe('npm run admin, as a process beside the database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shipdeck-admin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = {
    ...process.env,
    DATABASE_URL: join(dir, 'shipdeck.db'),
    DEMO_MODE: 'false',
    LOG_LEVEL: 'silent',
  };

  it('runs commands against the configured database and exits non-zero on a refusal', async () => {
    const invite = await run(
      'npm',
      ['run', '--silent', 'admin', '--', 'invite', '--role', 'owner'],
      {
        cwd: root,
        env,
      },
    );
    expect(invite.stdout).toMatch(
      /Invitation as owner .*\nhttp:\/\/localhost:3000\/signup\?invitation=sdi_/,
    );
    const list = await run('npm', ['run', '--silent', 'admin', '--', 'list-users'], {
      cwd: root,
      env,
    });
    expect(list.stdout).toContain('No accounts yet');
    const refused = await run(
      'npm',
      ['run', '--silent', 'admin', '--', 'disable', 'nobody@example.com'],
      {
        cwd: root,
        env,
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain(
      'No account has the email nobody@example.com',
    );
  }, 60_000);
});
