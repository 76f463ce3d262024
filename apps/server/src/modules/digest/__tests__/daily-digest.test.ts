import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.js';
import type { TestApp } from '../../../test-app.js';
import type { Insertable } from 'kysely';
import type { VercelDeploymentsTable } from '../../vercel-store/vercel-deployments.table.js';
import {
  bearer,
  signUpAndLogIn,
  testDialects,
  useTestApp,
  useTwoPostgresInstances,
} from '../../../test-app.js';
import { drainUntil, linkIn, mailTo, useMailbox } from '../../../test-mail.js';
import { storePullRequest, storeRepository } from '../../github-store/__tests__/store-fixtures.js';
import { updateUser } from '../../auth/users.repository.js';
import { queueDueDigests } from '../digest-jobs.js';

const PUBLIC_URL = 'https://deck.example.com';
const postgresUrl = process.env.TEST_DATABASE_URL;
// 02:40 UTC is 08:10 in Kolkata (UTC+5:30): the digest hour of the people below.
const AT_EIGHT_IN_KOLKATA = new Date('2026-11-28T02:40:00.000Z');
const ZONE = 'Asia/Kolkata';

async function digestOn(app: TestApp['app'], token: string): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/auth/preferences',
    headers: bearer(token),
    payload: { emailDigest: true, digestHour: 8, timeZone: ZONE },
  });
  expect(response.statusCode).toBe(200);
}

function deployment(
  userId: string,
  id: string,
  state: 'ERROR' | 'READY',
  createdAt: string,
): Insertable<VercelDeploymentsTable> {
  return {
    user_id: userId,
    id,
    project_id: 'prj_web',
    name: 'web',
    url: `${id}.vercel.app`,
    inspector_url: null,
    state,
    target: 'production',
    branch: 'main',
    commit_sha: `${id}abcdef`,
    commit_message: 'A commit',
    commit_author_name: null,
    commit_author_login: null,
    commit_org: null,
    commit_repo: null,
    commit_repo_id: null,
    pr_id: null,
    error_code: null,
    error_message: null,
    created_at: createdAt,
    building_at: createdAt,
    ready_at: null,
    updated_at: createdAt,
    build_log: null,
    build_log_fetched_at: null,
    synced_at: createdAt,
  };
}

/** A day with something to say: a review waiting, an own pull request, deployments, unread. */
async function busyDay(db: Db, userId: string, login: string, repoId: number): Promise<void> {
  await updateUser(db, userId, { github_id: login, github_login: login });
  await storeRepository(db, userId, { id: repoId, owner: login, name: 'api' });
  await storePullRequest(db, {
    id: repoId * 10 + 1,
    repository_id: repoId,
    number: 1,
    title: 'Review me',
    author_login: 'grace',
    review_state: 'review_required',
    checks_state: 'passing',
  });
  await storePullRequest(db, {
    id: repoId * 10 + 2,
    repository_id: repoId,
    number: 2,
    title: 'Mine',
    author_login: login,
    review_state: 'approved',
    checks_state: 'failing',
  });
  await db
    .insertInto('github_pull_request_involvement')
    .values([
      {
        user_id: userId,
        pull_request_id: repoId * 10 + 1,
        is_author: 0,
        is_review_requested: 1,
        is_assignee: 0,
        confirmed_at: null,
      },
      {
        user_id: userId,
        pull_request_id: repoId * 10 + 2,
        is_author: 1,
        is_review_requested: 0,
        is_assignee: 0,
        confirmed_at: null,
      },
    ])
    .execute();
  // Yesterday in Kolkata is 26 Nov 18:30 UTC to 27 Nov 18:30 UTC; one of each state, and one
  // from the day before that (not yesterday's).
  await db
    .insertInto('vercel_deployments')
    .values([
      deployment(userId, 'dpl_ok', 'READY', '2026-11-27T10:00:00.000Z'),
      deployment(userId, 'dpl_bad', 'ERROR', '2026-11-27T06:00:00.000Z'),
      deployment(userId, 'dpl_old', 'ERROR', '2026-11-26T12:00:00.000Z'),
    ])
    .execute();
  await db
    .insertInto('notifications')
    .values({
      id: `n-${userId}`,
      user_id: userId,
      type: 'pull-request-merged',
      title: 'Merged: Something',
      message: 'Merged',
      severity: 'low',
      link: '/repo/x/y',
      repository: null,
      dedupe_key: `digest-test:${userId}`,
      created_at: '2026-11-27T20:00:00.000Z',
      read_at: null,
      cleared_at: null,
    })
    .execute();
}

describe.each(testDialects)('the daily digest on %s', (dialect) => {
  const box = useMailbox();
  const t = useTestApp(dialect, { publicUrl: PUBLIC_URL, mail: box.mail });

  it('is off by default, and refuses an unknown zone or hour naming the field', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({
      data: { user: { preferences: { emailDigest: false, digestHour: 8, timeZone: 'UTC' } } },
    });
    for (const [payload, field] of [
      [{ timeZone: 'Mars/Olympus' }, 'body.timeZone'],
      [{ digestHour: 24 }, 'body.digestHour'],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/auth/preferences',
        headers: bearer(token),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
  });

  it('goes out once at the person’s hour in their zone, failed deployments first; nothing on a day with nothing to say', async () => {
    const busy = await signUpAndLogIn(t.app);
    const idle = await signUpAndLogIn(t.app);
    await digestOn(t.app, busy.token);
    await digestOn(t.app, idle.token);
    await busyDay(t.database.db, busy.userId, 'dg-busy', 9301);

    // 07:40 in Kolkata: not their hour yet.
    expect(await queueDueDigests(t.app, new Date('2026-11-28T02:10:00.000Z'))).toBe(0);
    expect(await queueDueDigests(t.app, AT_EIGHT_IN_KOLKATA)).toBe(2);
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, busy.account.email).length === 1,
    );
    // A later tick of the same hour, on any instance: nothing more.
    await queueDueDigests(t.app, new Date('2026-11-28T02:55:00.000Z'));
    await t.app.jobs.drain();
    expect(mailTo(box.receiver, busy.account.email)).toHaveLength(1);
    expect(mailTo(box.receiver, idle.account.email)).toHaveLength(0);
    const idleRows = await t.database.db
      .selectFrom('mail_messages')
      .select('id')
      .where('user_id', '=', idle.userId)
      .execute();
    expect(idleRows).toEqual([]);

    const [digest] = mailTo(box.receiver, busy.account.email);
    expect(digest?.subject).toBe('Your Shipdeck digest for Saturday 28 November');
    const text = digest?.text ?? '';
    expect(text).toContain(
      'dg-busy/api#1 Review me · by grace, waiting for review, checks passing',
    );
    expect(text).toContain('dg-busy/api#2 Mine · waits on you: checks fail');
    expect(text.indexOf('web · failed')).toBeGreaterThan(-1);
    expect(text.indexOf('web · failed')).toBeLessThan(text.indexOf('web · ready'));
    expect(text).not.toContain('dpl_old');
    expect(text).toContain('Unread in your inbox (1)');
    expect(text).toContain('Merged: Something');
    expect(linkIn(text, `${PUBLIC_URL}/deployments/`)).toBe(`${PUBLIC_URL}/deployments/dpl_bad`);
    expect(digest?.headers.get('list')).toMatchObject({
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
  });

  it('one-click unsubscribe turns the digest off without signing in; the link’s page offers the button; a forged token is a 400', async () => {
    const person = await signUpAndLogIn(t.app);
    await digestOn(t.app, person.token);
    await busyDay(t.database.db, person.userId, 'dg-unsub', 9302);
    await queueDueDigests(t.app, AT_EIGHT_IN_KOLKATA);
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, person.account.email).length === 1,
    );
    const [digest] = mailTo(box.receiver, person.account.email);
    const list = digest?.headers.get('list') as { unsubscribe: { url: string } };
    const url = list.unsubscribe.url;
    expect(linkIn(digest?.text ?? '', `${PUBLIC_URL}/unsubscribe`)).toBe(url);
    const path = url.slice(PUBLIC_URL.length);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Daily digest');
    expect(page.body).toContain(person.account.email);
    expect(page.body).toMatch(
      /<form action="[^"]+" method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"\/>/,
    );

    // What a mail client sends (RFC 8058): a form body, no cookie, no bearer token.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ success: true, data: { kind: 'digest' } });
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: bearer(person.token),
    });
    expect(me.json()).toMatchObject({
      data: { user: { preferences: { emailDigest: false, emailNotifications: true } } },
    });

    // Another person's id under this signature, another kind, garbage: 400, never 500.
    const token = new URL(url).searchParams.get('token') ?? '';
    const [, , signature] = token.split('.');
    for (const forged of [
      `${busyId(token)}x.digest.${signature ?? ''}`,
      token.replace('.digest.', '.review-requested.'),
      'not-a-token',
      `${token}a`,
    ]) {
      const post = await t.app.inject({
        method: 'POST',
        url: `/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(400);
      expect(post.json()).toMatchObject({ errors: [{ field: 'querystring.token' }] });
      const get = await t.app.inject({
        method: 'GET',
        url: `/unsubscribe?token=${encodeURIComponent(forged)}`,
      });
      expect(get.statusCode).toBe(400);
      expect(get.body).toContain('not valid');
    }
    const empty = await t.app.inject({ method: 'POST', url: '/unsubscribe' });
    expect(empty.statusCode).toBe(400);
  });
});

function busyId(token: string): string {
  return token.split('.')[0] ?? '';
}

describe.runIf(postgresUrl)('the daily digest with two instances over one PostgreSQL', () => {
  const box = useMailbox();
  const pair = useTwoPostgresInstances({ publicUrl: PUBLIC_URL, mail: box.mail });

  it('is sent once when both instances wake for the same tick and both work the jobs', async () => {
    const [first, second] = pair.apps;
    const person = await signUpAndLogIn(first);
    await digestOn(second, person.token);
    await busyDay(first.db, person.userId, 'dg-two', 9303);
    await Promise.all([
      queueDueDigests(first, AT_EIGHT_IN_KOLKATA),
      queueDueDigests(second, AT_EIGHT_IN_KOLKATA),
    ]);
    await drainUntil(
      async () => {
        await Promise.all([first.jobs.drain(), second.jobs.drain()]);
      },
      () => mailTo(box.receiver, person.account.email).length >= 1,
    );
    // Both again, as a second tick of the hour would: still one.
    await Promise.all([
      queueDueDigests(first, AT_EIGHT_IN_KOLKATA),
      queueDueDigests(second, AT_EIGHT_IN_KOLKATA),
    ]);
    await Promise.all([first.jobs.drain(), second.jobs.drain()]);
    expect(mailTo(box.receiver, person.account.email)).toHaveLength(1);
    const rows = await first.db
      .selectFrom('mail_messages')
      .select(['dedupe_key', 'status'])
      .where('user_id', '=', person.userId)
      .execute();
    expect(rows).toEqual([{ dedupe_key: `digest:${person.userId}:2026-11-28`, status: 'sent' }]);
  });
});
