import { notificationTexts } from '@shipdeck/shared/notification-constants';
import type { Notification, NotificationSeverity } from '@shipdeck/shared/notifications';
import type { ThreadPullRequest } from './thread-pull-requests.js';

/** A GitHub item's id in the inbox: `github-<thread id>`. */
export const GITHUB_ITEM_PREFIX = 'github-';

export function githubItemId(threadId: string): string {
  return `${GITHUB_ITEM_PREFIX}${threadId}`;
}

/** How loudly a thread asks for attention, by why GitHub sent it. */
export function severityOfReason(reason: string): NotificationSeverity {
  switch (reason) {
    case 'security_alert':
      return 'critical';
    case 'review_requested':
    case 'approval_requested':
    case 'mention':
    case 'assign':
      return 'high';
    case 'team_mention':
    case 'author':
    case 'comment':
    case 'state_change':
    case 'ci_activity':
      return 'medium';
    default:
      return 'low';
  }
}

/** The fields of a stored thread an inbox item is made of. */
export interface GithubItemFields {
  thread_id: string;
  reason: string;
  unread: number;
  updated_at: string;
  subject_type: string | null;
  subject_title: string;
  repository: string;
  link: string | null;
  pull_request_number: number | null;
}

/** A GitHub thread as an inbox item. */
export function githubItemDto(
  row: GithubItemFields,
  pullRequest: ThreadPullRequest | null,
): Notification {
  return {
    id: githubItemId(row.thread_id),
    source: 'github',
    type: null,
    reason: row.reason,
    repository: row.repository,
    subjectType: row.subject_type,
    pullRequest:
      row.pull_request_number === null
        ? null
        : (pullRequest ?? { number: row.pull_request_number, state: 'open', shipStatus: null }),
    title: row.subject_title,
    message: notificationTexts.githubThread(row.reason, row.repository, row.pull_request_number),
    severity: severityOfReason(row.reason),
    link: row.link,
    createdAt: row.updated_at,
    read: row.unread === 0,
  };
}
