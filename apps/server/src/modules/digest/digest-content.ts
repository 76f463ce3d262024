import { mailTexts } from '@shipdeck/shared/mail';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../auth/users.table.js';
import type { MailPayload } from '../mail/mail-payload.js';
import { parseLogins } from '../ship-status/ship-state.repository.js';
import { previousDay, spokenDay, startOfLocalDay } from './local-day.js';

type DigestPayload = Extract<MailPayload, { kind: 'digest' }>;
type DigestItem = DigestPayload['waitingOnYou'][number];

/** Each list stays short: the digest points at Shipdeck, it does not replace it. */
const LIST_MAX = 10;

const t = mailTexts.digest;

interface OpenPull {
  full_name: string;
  owner_login: string;
  name: string;
  number: number;
  title: string;
  author_login: string | null;
  requested_reviewers: string;
  review_state: string | null;
  checks_state: string | null;
}

function openPulls(db: Db, userId: string, role: 'is_author' | 'is_review_requested') {
  return db
    .selectFrom('github_pull_request_involvement as inv')
    .innerJoin('github_pull_requests as pr', 'pr.id', 'inv.pull_request_id')
    .innerJoin('github_repositories as repo', 'repo.id', 'pr.repository_id')
    .select([
      'repo.full_name',
      'repo.owner_login',
      'repo.name',
      'pr.number',
      'pr.title',
      'pr.author_login',
      'pr.requested_reviewers',
      'pr.review_state',
      'pr.checks_state',
    ])
    .where('inv.user_id', '=', userId)
    .where(`inv.${role}`, '=', 1)
    .where('pr.state', '=', 'open')
    .where('pr.draft', '=', 0)
    .orderBy('pr.updated_at', 'desc')
    .limit(LIST_MAX)
    .execute() as Promise<OpenPull[]>;
}

function shipStatus(pull: OpenPull): string {
  return [
    pull.review_state ? t.review[pull.review_state] : null,
    pull.checks_state ? t.checks[pull.checks_state] : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** What the author's pull request waits on, and on whom: them, reviewers, checks or a merge. */
function waitsOn(pull: OpenPull): string {
  if (pull.checks_state === 'failing') return t.waitsOn.yourFix;
  if (pull.review_state === 'changes_requested') return t.waitsOn.yourChanges;
  if (pull.review_state !== 'approved')
    return t.waitsOn.review(parseLogins(pull.requested_reviewers));
  if (pull.checks_state === 'pending') return t.waitsOn.checks;
  return t.waitsOn.merge;
}

function pullItem(publicUrl: string, pull: OpenPull, says: string): DigestItem {
  return {
    text: `${pull.full_name}#${pull.number} ${pull.title} · ${says}`,
    url: `${publicUrl}/repo/${encodeURIComponent(pull.owner_login)}/${encodeURIComponent(pull.name)}`,
  };
}

/**
 * The digest of one person's day `day` (their zone): pull requests waiting on their review with
 * ship status, their own open ones and what each waits on, the production deployments of the day
 * before, failed first, and unread inbox items. Null when there is nothing to say.
 */
export async function buildDigest(
  db: Db,
  publicUrl: string,
  user: UserRow,
  day: string,
): Promise<DigestPayload | null> {
  const zone = user.pref_time_zone;
  const waiting = await openPulls(db, user.id, 'is_review_requested');
  const mine = await openPulls(db, user.id, 'is_author');

  const from = startOfLocalDay(previousDay(day), zone).toISOString();
  const to = startOfLocalDay(day, zone).toISOString();
  const deployments = await db
    .selectFrom('vercel_deployments')
    .select(['id', 'name', 'state', 'branch', 'commit_sha', 'created_at'])
    .where('user_id', '=', user.id)
    .where('target', '=', 'production')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('state', 'in', ['ERROR', 'READY'])
    .orderBy('created_at', 'desc')
    .execute();
  deployments.sort((a, b) => Number(b.state === 'ERROR') - Number(a.state === 'ERROR'));

  const unreadItems = await db
    .selectFrom('notifications')
    .select(['title', 'link', 'created_at'])
    .where('user_id', '=', user.id)
    .where('read_at', 'is', null)
    .where('cleared_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(LIST_MAX)
    .execute();
  const unreadThreads = await db
    .selectFrom('github_notification_threads')
    .select(['subject_title', 'repository', 'link', 'updated_at'])
    .where('user_id', '=', user.id)
    .where('unread', '=', 1)
    .where('muted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .limit(LIST_MAX)
    .execute();
  const countOf = async (query: Promise<{ count: string | number | bigint } | undefined>) =>
    Number((await query)?.count ?? 0);
  const unreadCount =
    (await countOf(
      db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', user.id)
        .where('read_at', 'is', null)
        .where('cleared_at', 'is', null)
        .executeTakeFirst(),
    )) +
    (await countOf(
      db
        .selectFrom('github_notification_threads')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', user.id)
        .where('unread', '=', 1)
        .where('muted_at', 'is', null)
        .executeTakeFirst(),
    ));

  if (waiting.length + mine.length + deployments.length + unreadCount === 0) return null;

  const absolute = (link: string | null) =>
    link === null ? undefined : link.startsWith('/') ? `${publicUrl}${link}` : link;
  const unread: DigestItem[] = [
    ...unreadItems.map((item) => ({
      at: item.created_at,
      text: item.title,
      url: absolute(item.link),
    })),
    ...unreadThreads.map((thread) => ({
      at: thread.updated_at,
      text: `${thread.repository}: ${thread.subject_title}`,
      url: thread.link ?? undefined,
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, LIST_MAX)
    .map(({ text, url }) => (url ? { text, url } : { text }));
  if (unreadCount > unread.length) unread.push({ text: t.moreUnread(unreadCount - unread.length) });

  return {
    kind: 'digest',
    username: user.display_name || user.username,
    date: spokenDay(day),
    waitingOnYou: waiting.map((pull) =>
      pullItem(
        publicUrl,
        pull,
        [pull.author_login ? t.by(pull.author_login) : null, shipStatus(pull)]
          .filter(Boolean)
          .join(', '),
      ),
    ),
    yours: mine.map((pull) => pullItem(publicUrl, pull, waitsOn(pull))),
    deployments: deployments.map((deployment) => ({
      text: `${deployment.name} · ${deployment.state === 'ERROR' ? t.deploymentFailed : t.deploymentReady}${deployment.commit_sha ? ` · ${deployment.commit_sha.slice(0, 7)}` : ''}${deployment.branch ? ` (${deployment.branch})` : ''}`,
      url: `${publicUrl}/deployments/${encodeURIComponent(deployment.id)}`,
    })),
    unreadCount,
    unread,
  };
}
