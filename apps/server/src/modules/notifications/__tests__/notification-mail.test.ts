import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { drainUntil, linkIn, mailTo, useMailbox } from '../../../test-mail.js';
import { signUpAsGithubUser } from '../../../test-webhooks.js';
import { storePullRequest, storeRepository } from '../../github-store/__tests__/store-fixtures.js';
import { changeNotifications } from '../change-notifications.js';
import { notify } from '../notify.js';
import { updateUser } from '../../auth/users.repository.js';

const PUBLIC_URL = 'https://deck.example.com';

describe.each(testDialects)('notification emails on %s', (dialect) => {
  const box = useMailbox();
  const t = useTestApp(dialect, { publicUrl: PUBLIC_URL, mail: box.mail });

  const repo = (id: number, owner: string) => ({
    id,
    fullName: `${owner}/api`,
    ownerLogin: owner,
    name: 'api',
  });

  async function world(prefix: string, repoId: number) {
    const author = await signUpAsGithubUser(t, `${prefix}-author`);
    const reviewer = await signUpAsGithubUser(t, `${prefix}-reviewer`);
    await storeRepository(t.database.db, author.userId, {
      id: repoId,
      owner: `${prefix}-author`,
      name: 'api',
    });
    await storePullRequest(t.database.db, {
      id: repoId * 100 + 7,
      repository_id: repoId,
      number: 7,
      title: 'Faster builds',
      author_login: `${prefix}-author`,
      head_sha: 'c0ffee1234',
      html_url: `https://github.com/${prefix}-author/api/pull/7`,
    });
    return { author, reviewer, repo: repo(repoId, `${prefix}-author`) };
  }

  const deliver = (address: string, count: number) =>
    drainUntil(
      () => t.app.jobs.drain(),
      () => mailTo(box.receiver, address).length >= count,
    );

  it('a review requested of you arrives once, with the pull request, its author and links', async () => {
    const { author, reviewer, repo: r } = await world('rr', 8101);
    const input = changeNotifications.reviewRequested(
      r,
      { number: 7, title: 'Faster builds' },
      'rr-reviewer',
    );
    // Seen twice (a webhook and a sync): one email.
    await notify(t.app, reviewer.userId, input);
    await notify(t.app, reviewer.userId, input);
    await deliver(reviewer.account.email, 1);
    await t.app.jobs.drain();
    const messages = mailTo(box.receiver, reviewer.account.email);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message?.subject).toBe('Review requested: rr-author/api#7 Faster builds');
    expect(message?.text).toContain('rr-author asks for your review of rr-author/api#7');
    expect(message?.text).toContain('https://github.com/rr-author/api/pull/7');
    expect(linkIn(message?.text ?? '', `${PUBLIC_URL}/repo/`)).toBe(
      `${PUBLIC_URL}/repo/rr-author/api`,
    );
    // List-Unsubscribe and List-Unsubscribe-Post, as mailparser reads them (RFC 2369, 8058).
    expect(message?.headers.get('list')).toEqual({
      unsubscribe: {
        url: expect.stringMatching(/^https:\/\/deck\.example\.com\/unsubscribe\?token=/) as string,
        mail: 'shipdeck@deck.example.com?subject=unsubscribe%20review-requested',
      },
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
    expect(message?.text).toContain(`${PUBLIC_URL}/unsubscribe?token=`);
    expect(mailTo(box.receiver, author.account.email)).toHaveLength(0);
  });

  it('your pull request approved, or with changes requested, tells the author who and links it', async () => {
    const { author, repo: r } = await world('rv', 8102);
    const pr = { number: 7, title: 'Faster builds' };
    await notify(
      t.app,
      author.userId,
      changeNotifications.review(r, pr, { id: 1, approved: true, reviewerLogin: 'rv-reviewer' }),
    );
    await notify(
      t.app,
      author.userId,
      changeNotifications.review(r, pr, { id: 2, approved: false, reviewerLogin: 'grace' }),
    );
    await deliver(author.account.email, 2);
    const subjects = mailTo(box.receiver, author.account.email)
      .map((m) => m.subject)
      .sort();
    expect(subjects).toEqual(['Approved: rv-author/api#7', 'Changes requested: rv-author/api#7']);
    const changes = mailTo(box.receiver, author.account.email).find((m) =>
      m.subject.startsWith('Changes'),
    );
    expect(changes?.text).toContain('grace requested changes on rv-author/api#7: Faster builds.');
    expect(changes?.html).toContain(`href="${PUBLIC_URL}/repo/rv-author/api"`);
  });

  it('failing checks on your open pull request’s head commit arrive; on a commit pushed over, nothing', async () => {
    const { author, repo: r } = await world('ck', 8103);
    await notify(
      t.app,
      author.userId,
      changeNotifications.checksFailed(r, 7, 'c0ffee1234', 'Checks'),
    );
    // A failure on an older head, told after the pull request moved on, is old news.
    await notify(
      t.app,
      author.userId,
      changeNotifications.checksFailed(r, 7, 'oldhead999', 'Checks'),
    );
    await deliver(author.account.email, 1);
    await t.app.jobs.drain();
    const messages = mailTo(box.receiver, author.account.email);
    expect(messages.map((m) => m.subject)).toEqual(['Checks failed: ck-author/api#7']);
    expect(messages[0]?.text).toContain('head commit c0ffee1 of ck-author/api#7: Faster builds');
  });

  it('each kind has its own switch under Email notifications, which gates them all; the in-app switch does not', async () => {
    const { reviewer, repo: r } = await world('sw', 8104);
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/auth/preferences',
        headers: bearer(reviewer.token),
        payload,
      });
    expect((await put({ emailReviewRequested: false })).statusCode).toBe(200);
    await notify(
      t.app,
      reviewer.userId,
      changeNotifications.reviewRequested(r, { number: 7, title: 'A' }, 'sw-reviewer'),
    );
    expect((await put({ emailReviewRequested: true, emailNotifications: false })).statusCode).toBe(
      200,
    );
    await notify(
      t.app,
      reviewer.userId,
      changeNotifications.reviewRequested(r, { number: 8, title: 'B' }, 'sw-reviewer'),
    );
    // In-app notifications off, email on: the email still goes.
    expect((await put({ emailNotifications: true, notifications: false })).statusCode).toBe(200);
    await notify(
      t.app,
      reviewer.userId,
      changeNotifications.reviewRequested(r, { number: 9, title: 'C' }, 'sw-reviewer'),
    );
    await deliver(reviewer.account.email, 1);
    await t.app.jobs.drain();
    expect(mailTo(box.receiver, reviewer.account.email).map((m) => m.subject)).toEqual([
      'Review requested: sw-author/api#9 C',
    ]);
    const items = await t.database.db
      .selectFrom('notifications')
      .select('dedupe_key')
      .where('user_id', '=', reviewer.userId)
      .where('type', '=', 'review-requested')
      .execute();
    expect(items).toHaveLength(2);
  });
  it('a failed production deployment names its commit, the pull request it came from and their authors; a preview’s failure mails nothing', async () => {
    const { author, reviewer } = await world('dp', 8105);
    const at = new Date().toISOString();
    const row = (id: string, target: 'production' | 'preview') => ({
      user_id: reviewer.userId,
      id,
      project_id: 'prj_api',
      name: 'api-web',
      url: `${id}.vercel.app`,
      inspector_url: null,
      state: 'ERROR',
      target,
      branch: 'main',
      commit_sha: 'abc1234def5678',
      commit_message: 'Faster builds (#7)\n\nDetails',
      commit_author_name: 'Ada Lovelace',
      commit_author_login: 'ada',
      commit_org: 'dp-author',
      commit_repo: 'api',
      commit_repo_id: 8105,
      pr_id: null,
      error_code: 'BUILD_FAILED',
      error_message: 'Command "npm run build" exited with 1',
      created_at: at,
      building_at: at,
      ready_at: null,
      updated_at: at,
      build_log: null,
      build_log_fetched_at: null,
      synced_at: at,
    });
    await t.database.db
      .insertInto('vercel_deployments')
      .values([row('dpl_prod', 'production'), row('dpl_prev', 'preview')])
      .execute();
    await notify(
      t.app,
      reviewer.userId,
      changeNotifications.deploymentFailed('dpl_prev', 'api-web'),
    );
    await notify(
      t.app,
      reviewer.userId,
      changeNotifications.deploymentFailed('dpl_prod', 'api-web'),
    );
    await deliver(reviewer.account.email, 1);
    await t.app.jobs.drain();
    const messages = mailTo(box.receiver, reviewer.account.email);
    expect(messages.map((m) => m.subject)).toEqual(['Production deployment failed: api-web']);
    const text = messages[0]?.text ?? '';
    expect(text).toContain('failed: Command "npm run build" exited with 1');
    expect(text).toContain('Commit: abc1234 Faster builds (#7)');
    expect(text).toContain('Commit by: ada');
    expect(text).toContain('Pull request: dp-author/api#7 Faster builds');
    expect(text).toContain('Pull request by: dp-author');
    expect(linkIn(text, `${PUBLIC_URL}/deployments/`)).toBe(`${PUBLIC_URL}/deployments/dpl_prod`);
    expect(messages[0]?.html).toContain('href="https://github.com/dp-author/api/pull/7"');
    expect(mailTo(box.receiver, author.account.email)).toHaveLength(0);
  });
  it('sends nothing to the placeholder address of a GitHub sign-in without a public email', async () => {
    const { reviewer, repo: r } = await world('nr', 8106);
    const placeholder = '8106+nr-reviewer@users.noreply.github.com';
    await updateUser(t.database.db, reviewer.userId, { email: placeholder });
    await notify(
      t.app,
      reviewer.userId,
      changeNotifications.reviewRequested(r, { number: 7, title: 'A' }, 'nr-reviewer'),
    );
    await t.app.jobs.drain();
    expect(mailTo(box.receiver, placeholder)).toHaveLength(0);
    const rows = await t.database.db
      .selectFrom('mail_messages')
      .select('id')
      .where('user_id', '=', reviewer.userId)
      .execute();
    expect(rows).toEqual([]);
  });
});
