import type { Notification } from '@shipdeck/shared/notifications';
import type { PullRequestRef } from '@/features/pull-request-actions/pull-request-ref';

/** The open pull request a GitHub thread is about, which the pull-request actions act on. */
export function openPullRequestOf(notification: Notification): PullRequestRef | null {
  const { pullRequest, repository } = notification;
  if (notification.source !== 'github' || !pullRequest || !repository) return null;
  if (pullRequest.state !== 'open') return null;
  return { repository, number: pullRequest.number, title: notification.title };
}
