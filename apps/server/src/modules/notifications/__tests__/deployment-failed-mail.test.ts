import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestApp } from '../../../test-app.js';
import { drainUntil, linkIn, mailTo, useMailbox } from '../../../test-mail.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { connectVercel } from '../../../test-vercel.js';
import { requestVercelSync } from '../../vercel/vercel-sync-jobs.js';
import { githubSecret, vercelSecret } from '../../webhooks/__tests__/webhook-fixtures.js';

const PUBLIC_URL = 'https://deck.example.com';
const emulator = useEmulator({ repos: 6, richRepos: 2, projects: 2, deploymentStepMs: 20 });

/** Holds the emulator's webhook deliveries back, to hand them to the app when the test says. */
const held: { path: string; headers: Record<string, string>; body: string }[] = [];
const catcher = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
    held.push({ path: request.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') });
    response.writeHead(202).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(catcher.address() as AddressInfo).port}`;
  emulator.handle.webhooks.addGithubTarget({
    url: `${base}/webhooks/github`,
    secret: githubSecret,
  });
  emulator.handle.webhooks.addVercelTarget({
    url: `${base}/webhooks/vercel`,
    secret: vercelSecret,
  });
});
afterAll(() => new Promise<void>((resolve) => catcher.close(() => resolve())));

describe.each(testDialects)('the failed production deployment email on %s', (dialect) => {
  const box = useMailbox();
  const t = useTestApp(dialect, {
    publicUrl: PUBLIC_URL,
    mail: box.mail,
    webhooks: { githubSecret, vercelSecret, perMinute: 10_000 },
    get vercel() {
      return emulator.vercelConfig;
    },
    get github() {
      return emulator.githubConfig;
    },
  });

  async function deliverHeld(): Promise<void> {
    for (const delivery of held.splice(0)) {
      const response = await t.app.inject({
        method: 'POST',
        url: delivery.path,
        payload: delivery.body,
        headers: delivery.headers,
      });
      expect(response.statusCode).toBe(202);
    }
    await t.app.jobs.drain();
  }

  it('is one email, with the triage link, commit and author, when both a sync and the webhook see the failure', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    await connectVercel(t.app, token, { token: emulator.handle.createVercelToken('octocat') });
    await t.app.jobs.drain();
    const email = (
      await t.database.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).email;
    // Connecting brought the failures of the past: history, not news, and no email.
    expect(mailTo(box.receiver, email).filter((m) => m.subject.startsWith('Production'))).toEqual(
      [],
    );

    held.length = 0;
    const project = await t.database.db
      .selectFrom('vercel_projects')
      .select(['link_org', 'link_repo'])
      .where('user_id', '=', userId)
      .where('link_repo_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const failed = await emulator.handle.triggerActivity({
      kind: 'deployment',
      outcome: 'ERROR',
      repo: `${project.link_org ?? ''}/${project.link_repo ?? ''}`,
    });
    const deploymentId = failed.deploymentId ?? '';
    expect(deploymentId).not.toBe('');

    // The sync sees it first, then the webhooks arrive (and ask for another read): one email.
    await requestVercelSync(t.app, userId, 'refresh');
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, email).some((m) => m.subject.startsWith('Production')),
    );
    await deliverHeld();
    await t.app.jobs.drain();
    await requestVercelSync(t.app, userId, 'refresh');
    await t.app.jobs.drain();
    const mails = mailTo(box.receiver, email).filter((m) => m.subject.startsWith('Production'));
    expect(mails).toHaveLength(1);

    const row = await t.database.db
      .selectFrom('vercel_deployments')
      .select(['name', 'commit_sha', 'target', 'commit_author_login', 'commit_author_name'])
      .where('user_id', '=', userId)
      .where('id', '=', deploymentId)
      .executeTakeFirstOrThrow();
    expect(row.target).toBe('production');
    const [mail] = mails;
    expect(mail?.subject).toBe(`Production deployment failed: ${row.name}`);
    expect(linkIn(mail?.text ?? '', `${PUBLIC_URL}/deployments/`)).toBe(
      `${PUBLIC_URL}/deployments/${encodeURIComponent(deploymentId)}`,
    );
    expect(mail?.text).toContain(`Commit: ${(row.commit_sha ?? '').slice(0, 7)}`);
    const author = row.commit_author_login ?? row.commit_author_name;
    if (author) expect(mail?.text).toContain(`Commit by: ${author}`);
    expect(mail?.headers.get('list')).toMatchObject({
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
    const rows = await t.database.db
      .selectFrom('mail_messages')
      .select('dedupe_key')
      .where('user_id', '=', userId)
      .where('kind', '=', 'deployment-failed')
      .execute();
    expect(rows).toEqual([{ dedupe_key: `notify:${userId}:deployment-error:${deploymentId}` }]);
  }, 90_000);
  it('is one email when the webhook arrives before any sync stored the deployment: the read it asks for mails it', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOfGithubLogin(t.database.db, 'octocat');
    await connectVercel(t.app, token, { token: emulator.handle.createVercelToken('octocat') });
    await t.app.jobs.drain();
    const { email } = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const before = mailTo(box.receiver, email).length;
    held.length = 0;
    const project = await t.database.db
      .selectFrom('vercel_projects')
      .select(['link_org', 'link_repo'])
      .where('user_id', '=', userId)
      .where('link_repo_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const failed = await emulator.handle.triggerActivity({
      kind: 'deployment',
      outcome: 'ERROR',
      repo: `${project.link_org ?? ''}/${project.link_repo ?? ''}`,
    });
    const deploymentId = failed.deploymentId ?? '';
    // Webhooks first: the project's read they ask for stores the deployment and mails it.
    await deliverHeld();
    await drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, email).length > before,
    );
    await requestVercelSync(t.app, userId, 'refresh');
    await t.app.jobs.drain();
    const mails = mailTo(box.receiver, email).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Production deployment failed: /),
    ]);
    expect(linkIn(mails[0]?.text ?? '', `${PUBLIC_URL}/deployments/`)).toBe(
      `${PUBLIC_URL}/deployments/${encodeURIComponent(deploymentId)}`,
    );
  }, 90_000);
});
