import type { Repo, Thread } from '../../data/model.js';
import { ghTime } from '../urls.js';
import type { RenderContext } from './render-context.js';
import { renderRepository } from './repository.js';

/**
 * The keys GitHub sends for a notification's repository: the compact repository (id, names,
 * owner, html_url and the URL templates, as `simple-repository`), which `minimal-repository`
 * in the description allows. Taken from the emulator's usual repository rendering.
 */
const THREAD_REPOSITORY_KEYS = [
  'id',
  'node_id',
  'name',
  'full_name',
  'owner',
  'private',
  'html_url',
  'description',
  'fork',
  'url',
  'archive_url',
  'assignees_url',
  'blobs_url',
  'branches_url',
  'collaborators_url',
  'comments_url',
  'commits_url',
  'compare_url',
  'contents_url',
  'contributors_url',
  'deployments_url',
  'downloads_url',
  'events_url',
  'forks_url',
  'git_commits_url',
  'git_refs_url',
  'git_tags_url',
  'issue_comment_url',
  'issue_events_url',
  'issues_url',
  'keys_url',
  'labels_url',
  'languages_url',
  'merges_url',
  'milestones_url',
  'notifications_url',
  'pulls_url',
  'releases_url',
  'stargazers_url',
  'statuses_url',
  'subscribers_url',
  'subscription_url',
  'tags_url',
  'teams_url',
  'trees_url',
  'hooks_url',
] as const;

export function renderThreadRepository(ctx: RenderContext, repo: Repo): Record<string, unknown> {
  const full = renderRepository({ ...ctx, viewer: null }, repo);
  const out: Record<string, unknown> = {};
  for (const key of THREAD_REPOSITORY_KEYS) out[key] = full[key];
  return out;
}

export function threadUrl(ctx: RenderContext, thread: Thread): string {
  return `${ctx.urls.api}/notifications/threads/${thread.id}`;
}

/** `thread`: id as a string, subject URLs on the emulator's API origin (null where GitHub has null). */
export function renderThread(ctx: RenderContext, thread: Thread): Record<string, unknown> {
  const repo = ctx.world.repos.get(thread.repoId);
  if (!repo) throw new Error(`Thread ${thread.id} has unknown repository ${thread.repoId}`);
  const api = ctx.urls.repo(ctx.world.fullName(repo));
  const url = threadUrl(ctx, thread);
  return {
    id: String(thread.id),
    repository: renderThreadRepository(ctx, repo),
    subject: {
      title: thread.subject.title,
      url: thread.subject.path === null ? null : `${api}${thread.subject.path}`,
      latest_comment_url:
        thread.subject.latestCommentPath === null
          ? null
          : `${api}${thread.subject.latestCommentPath}`,
      type: thread.subject.type,
    },
    reason: thread.reason,
    unread: thread.unread && !thread.done,
    updated_at: ghTime(thread.updatedAt),
    last_read_at: ghTime(thread.lastReadAt),
    url,
    subscription_url: `${url}/subscription`,
  };
}

/** `thread-subscription` of a thread that has one. */
export function renderThreadSubscription(
  ctx: RenderContext,
  thread: Thread,
  subscription: NonNullable<Thread['subscription']>,
): Record<string, unknown> {
  const url = threadUrl(ctx, thread);
  const repo = ctx.world.repos.get(thread.repoId);
  return {
    subscribed: !subscription.ignored,
    ignored: subscription.ignored,
    reason: null,
    created_at: ghTime(subscription.createdAt),
    url: `${url}/subscription`,
    thread_url: url,
    repository_url: repo ? ctx.urls.repo(ctx.world.fullName(repo)) : `${ctx.urls.api}/repos`,
  };
}
