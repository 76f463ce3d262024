import type { EmailSubscriptionKind } from '@shipdeck/shared/mail';
import type { NotificationType } from '@shipdeck/shared/notifications';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../auth/users.table.js';
import type { MailPayload, MailPullRequestRef } from '../mail/mail-payload.js';
import type { NotificationInput, NotificationSubject } from './notify.js';

/** The notifications that may also be mailed, and the switch (under Email notifications) of each. */
const MAILED: Partial<Record<NotificationType, EmailSubscriptionKind>> = {
  'deployment-failed': 'deployment-failed',
  'review-requested': 'review-requested',
  'pull-request-approved': 'review-verdict',
  'changes-requested': 'review-verdict',
  // Merge when ready finished: the outcome of one's pull request, under the same switch.
  'auto-merged': 'review-verdict',
  'checks-failed': 'checks-failed',
};

const SWITCH: Record<Exclude<EmailSubscriptionKind, 'digest'>, keyof UserRow> = {
  'deployment-failed': 'pref_email_deployment_failed',
  'review-requested': 'pref_email_review_requested',
  'review-verdict': 'pref_email_review_verdict',
  'checks-failed': 'pref_email_checks_failed',
};

/**
 * The address a GitHub sign-in without a public email gets (`<id>+<login>@users.noreply.<host>`):
 * it takes no mail, so nothing is sent there until the person sets a real one on their profile.
 */
const PLACEHOLDER_ADDRESS = /@users\.noreply\./i;

/** Whether this person gets this kind of email: mail on, master switch on, the kind's on. */
export function wantsEmail(user: UserRow, kind: EmailSubscriptionKind): boolean {
  if (user.disabled_at !== null || user.pref_email_notifications !== 1) return false;
  if (PLACEHOLDER_ADDRESS.test(user.email)) return false;
  return kind === 'digest' ? user.pref_email_digest === 1 : user[SWITCH[kind]] === 1;
}

/** The mail key of one change for one person: the in-app dedupe key, so one change mails once. */
export function notificationMailKey(userId: string, dedupeKey: string): string {
  return `notify:${userId}:${dedupeKey}`;
}

async function pullRequestRef(
  db: Db,
  publicUrl: string,
  subject: Extract<NotificationSubject, { kind: 'pull-request' }>,
  link: string | null,
): Promise<{ ref: MailPullRequestRef; state: string | null; headSha: string | null }> {
  const row = await db
    .selectFrom('github_pull_requests')
    .select(['title', 'author_login', 'html_url', 'state', 'head_sha'])
    .where('repository_id', '=', subject.repositoryId)
    .where('number', '=', subject.number)
    .executeTakeFirst();
  return {
    ref: {
      repository: subject.repository,
      number: subject.number,
      title: subject.title ?? row?.title ?? null,
      url: `${publicUrl}${link ?? '/dashboard'}`,
      githubUrl: row?.html_url ?? null,
      author: row?.author_login ?? null,
    },
    state: row?.state ?? null,
    headSha: row?.head_sha ?? null,
  };
}

/**
 * The pull request a production commit came from, as GitHub writes it into the commit: a squash
 * merge's "Title (#12)" or a merge commit's "Merge pull request #12 from …". Vercel names a pull
 * request only for previews.
 */
export function pullRequestNumberIn(message: string | null): number | null {
  const firstLine = message?.split('\n')[0] ?? '';
  const found = /\(#(\d+)\)\s*$/.exec(firstLine) ?? /^Merge pull request #(\d+) /.exec(firstLine);
  return found?.[1] ? Number(found[1]) : null;
}

/**
 * A failed production deployment, told from this person's synced copy of it: its target, commit
 * and pull request. A delivery that arrives before any sync stored the deployment mails nothing
 * yet: the sync it asks for stores it and notifies again, under the same key.
 */
async function deploymentFailedPayload(
  app: FastifyInstance,
  userId: string,
  deploymentId: string,
  link: string | null,
): Promise<MailPayload | null> {
  const deployment = await app.db
    .selectFrom('vercel_deployments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', deploymentId)
    .executeTakeFirst();
  if (!deployment || deployment.target !== 'production') return null;
  const repository =
    deployment.commit_org && deployment.commit_repo
      ? `${deployment.commit_org}/${deployment.commit_repo}`
      : null;
  const githubWeb = app.config.github.webUrl;
  let pullRequest: MailPullRequestRef | null = null;
  const prNumber = deployment.pr_id ?? pullRequestNumberIn(deployment.commit_message);
  if (repository && prNumber !== null) {
    const row = await app.db
      .selectFrom('github_pull_requests')
      .innerJoin(
        'github_repositories',
        'github_repositories.id',
        'github_pull_requests.repository_id',
      )
      .select([
        'github_pull_requests.title',
        'github_pull_requests.author_login',
        'github_pull_requests.html_url',
        'github_repositories.owner_login',
        'github_repositories.name',
      ])
      .where('github_repositories.full_name', '=', repository)
      .where('github_pull_requests.number', '=', prNumber)
      .executeTakeFirst();
    pullRequest = {
      repository,
      number: prNumber,
      title: row?.title ?? null,
      url: row
        ? `${app.config.publicUrl}/repo/${encodeURIComponent(row.owner_login)}/${encodeURIComponent(row.name)}`
        : `${app.config.publicUrl}/dashboard`,
      githubUrl: row?.html_url ?? `${githubWeb}/${repository}/pull/${prNumber}`,
      author: row?.author_login ?? null,
    };
  }
  return {
    kind: 'deployment-failed',
    project: deployment.name,
    url: `${app.config.publicUrl}${link ?? `/deployments/${encodeURIComponent(deploymentId)}`}`,
    error: deployment.error_message,
    branch: deployment.branch,
    commit: deployment.commit_sha
      ? {
          sha: deployment.commit_sha,
          message: deployment.commit_message,
          author: deployment.commit_author_login ?? deployment.commit_author_name,
          url: repository ? `${githubWeb}/${repository}/commit/${deployment.commit_sha}` : null,
        }
      : null,
    pullRequest,
  };
}

async function payloadFor(
  app: FastifyInstance,
  user: UserRow,
  input: NotificationInput,
  about: NotificationSubject,
): Promise<MailPayload | null> {
  if (about.kind === 'deployment') {
    return input.type === 'deployment-failed'
      ? deploymentFailedPayload(app, user.id, about.deploymentId, input.link)
      : null;
  }
  const { ref, state, headSha } = await pullRequestRef(
    app.db,
    app.config.publicUrl,
    about,
    input.link,
  );
  switch (input.type) {
    case 'review-requested':
      return { kind: 'review-requested', pullRequest: ref };
    case 'pull-request-approved':
    case 'changes-requested':
      return {
        kind: 'review-verdict',
        approved: input.type === 'pull-request-approved',
        reviewer: about.reviewer ?? 'Someone',
        pullRequest: ref,
      };
    case 'auto-merged':
      return { kind: 'auto-merged', pullRequest: ref };
    case 'checks-failed':
      // Only the open pull request's current head: a failure on a commit pushed over is old news.
      if (!about.headSha || state === 'closed') return null;
      if (headSha !== null && headSha !== about.headSha) return null;
      return { kind: 'checks-failed', headSha: about.headSha, pullRequest: ref };
    default:
      return null;
  }
}

/**
 * The email a notification makes, if its kind is mailed and the person's switches say so. Queued
 * under the in-app dedupe key (per person), so a webhook and a sync that both see one change
 * make one email; the send itself is a job (modules/mail), never this caller's wait.
 */
export async function mailNotification(
  app: FastifyInstance,
  user: UserRow,
  input: NotificationInput,
): Promise<void> {
  const kind = MAILED[input.type];
  if (!kind || !input.about || !app.mail.enabled || !wantsEmail(user, kind)) return;
  const payload = await payloadFor(app, user, input, input.about);
  if (!payload) return;
  await app.mail.queue({
    key: notificationMailKey(user.id, input.dedupeKey),
    userId: user.id,
    to: user.email,
    payload,
  });
}
