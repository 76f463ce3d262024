// The notification centre's kinds and texts, apart from messages.ts (the sign-in pages do not
// need them) and from the schemas in notifications.ts (the pages that show them need no zod),
// which build on these and are never imported here.

import { notificationPanelTexts } from './notification-panel-texts.js';

/** Every kind of item the notification centre holds; each comes from an observed change. */
export const NOTIFICATION_TYPES = [
  'welcome',
  'connect-vercel',
  'pull-request-merged',
  'review-requested',
  'changes-requested',
  'pull-request-approved',
  'checks-failed',
  'deployment-failed',
  'deployment-ready',
  'commits-pushed',
  'reminder-disabled',
  'auto-merged',
  'checks-rerun',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Reads a `?type=` value without a schema library: one of NOTIFICATION_TYPES, or none. */
export function isNotificationType(value: unknown): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly unknown[]).includes(value);
}

export const notificationTypeLabels: Record<NotificationType, string> = {
  welcome: 'Welcome',
  'connect-vercel': 'Connect Vercel',
  'pull-request-merged': 'Pull request merged',
  'auto-merged': 'Merged when ready',
  'checks-rerun': 'Checks re-run',
  'review-requested': 'Review requested',
  'changes-requested': 'Changes requested',
  'pull-request-approved': 'Pull request approved',
  'checks-failed': 'Checks failed',
  'deployment-failed': 'Deployment failed',
  'deployment-ready': 'Production deployment ready',
  'commits-pushed': 'New commits',
  'reminder-disabled': 'Team reminder turned off',
};

/** Where an inbox item comes from: a GitHub notification thread, or an event Shipdeck derived. */
export const NOTIFICATION_SOURCES = ['github', 'shipdeck'] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];

/**
 * The `reason` values GitHub documents for a notification thread (PROVIDERS.md 9.1). GitHub adds
 * reasons over time, so an unknown one is kept as an opaque string and labelled by its own text.
 */
export const GITHUB_NOTIFICATION_REASONS = [
  'review_requested',
  'mention',
  'team_mention',
  'assign',
  'author',
  'comment',
  'ci_activity',
  'state_change',
  'subscribed',
  'manual',
  'security_alert',
  'approval_requested',
  'invitation',
] as const;
export type GithubNotificationReason = (typeof GITHUB_NOTIFICATION_REASONS)[number];

export const githubReasonLabels: Record<GithubNotificationReason, string> = {
  review_requested: 'Review requested',
  mention: 'Mentioned',
  team_mention: 'Team mentioned',
  assign: 'Assigned',
  author: 'Author',
  comment: 'Comment',
  ci_activity: 'CI activity',
  state_change: 'State change',
  subscribed: 'Subscribed',
  manual: 'Subscribed manually',
  security_alert: 'Security alert',
  approval_requested: 'Approval requested',
  invitation: 'Invitation',
};

/** A reason's label; GitHub's own text for one this list does not know yet. */
export function githubReasonLabel(reason: string): string {
  return (
    (githubReasonLabels as Record<string, string | undefined>)[reason] ?? reason.replace(/_/g, ' ')
  );
}

/**
 * Why the inbox holds (or lacks) GitHub's threads:
 * - `synced`: the token can read notifications and they are synced;
 * - `not-connected`: no GitHub connection;
 * - `unsupported-token`: a fine-grained or GitHub App token, which GitHub never lets read them;
 * - `missing-scope`: a classic token or OAuth grant without the `notifications` (or `repo`) scope.
 */
export const GITHUB_INBOX_STATES = [
  'synced',
  'not-connected',
  'unsupported-token',
  'missing-scope',
] as const;
export type GithubInboxState = (typeof GITHUB_INBOX_STATES)[number];

/** Texts of the notification centre and of the items the server creates. */
export const notificationTexts = {
  welcomeTitle: 'Welcome to Shipdeck',
  welcomeMessage: (login: string) =>
    `GitHub is connected as @${login}. Your repositories and pull requests are on their way.`,
  connectVercelTitle: 'Connect your Vercel account',
  connectVercelMessage: 'Connect Vercel in Settings to see your projects and deployments here.',
  pullRequestMerged: (repo: string, number: number, title: string) =>
    `${repo}#${number} “${title}” was merged.`,
  autoMergedTitle: (title: string) => `Merged when ready: ${title}`,
  checksRerunTitle: (number: number, passed: boolean) =>
    `Checks re-run on #${number} ${passed ? 'passed' : 'failed again'}`,
  checksRerun: (repo: string, number: number, title: string, passed: boolean) =>
    `The checks you re-ran on ${repo}#${number} “${title}” ${passed ? 'passed' : 'failed again'}.`,
  autoMerged: (repo: string, number: number, title: string) =>
    `GitHub merged ${repo}#${number} “${title}” once it was ready, as you asked.`,
  reviewRequested: (repo: string, number: number, title: string) =>
    `Your review was requested on ${repo}#${number} “${title}”.`,
  changesRequested: (reviewer: string, repo: string, number: number) =>
    `@${reviewer} requested changes on ${repo}#${number}.`,
  approved: (reviewer: string, repo: string, number: number) =>
    `@${reviewer} approved ${repo}#${number}.`,
  checksFailed: (repo: string, number: number, check: string) =>
    `${check} failed on ${repo}#${number}.`,
  commitsPushed: (count: number, branch: string, repo: string) =>
    `${count} new commit${count === 1 ? '' : 's'} pushed to ${branch} of ${repo}.`,
  deploymentFailed: (name: string) => `The deployment of ${name} failed.`,
  deploymentReady: (name: string) => `A production deployment of ${name} is ready.`,
  /** A GitHub thread's line under its title: why it came, and where. */
  githubThread: (reason: string, repository: string, number: number | null) =>
    `${githubReasonLabel(reason)} · ${repository}${number === null ? '' : `#${number}`}`,
  empty: 'No notifications yet',
  emptyHint: 'Merged pull requests, review requests, failed checks and deployments appear here.',
  ...notificationPanelTexts,
  loadFailed: 'Failed to load notifications',
  markAllReadDone: 'All notifications marked as read',
  cleared: 'Notifications cleared',
  // The inbox page (/notifications): GitHub's threads and Shipdeck's events together.
  inboxDescription:
    'GitHub notifications and Shipdeck events in one inbox, newest first. Press ? for the keys.',
  sourceGithub: 'GitHub',
  sourceShipdeck: 'Shipdeck',
  filterSource: 'Source',
  filterReason: 'Reason',
  filterRepository: 'Repository',
  filterShow: 'Show',
  allSources: 'All sources',
  allReasons: 'All reasons',
  allRepositories: 'All repositories',
  showAll: 'All',
  showUnread: 'Unread',
  showRead: 'Read',
  /** A filter value with the unread items it holds, e.g. "Mentioned (3 unread)". */
  facetOption: (label: string, unread: number) =>
    unread > 0 ? `${label} (${unread} unread)` : label,
  noMatch: 'No notifications match these filters',
  noMatchHint: 'Clear the filters to see the whole inbox.',
  clearFilters: 'Clear filters',
  unread: 'Unread',
  markRead: 'Mark read',
  markDone: 'Done',
  mute: 'Mute',
  select: 'Select',
  markReadOf: (title: string) => `Mark read: ${title}`,
  markDoneOf: (title: string) => `Done: ${title}`,
  muteOf: (title: string) => `Mute: ${title}`,
  selectOf: (title: string) => `Select: ${title}`,
  opensOnGithub: '(opens on GitHub)',
  ciGroup: (repository: string, count: number) => `CI activity · ${repository} · ${count}`,
  ciGroupNoRepository: 'no repository',
  selectedCount: (count: number) => `${count} selected`,
  clearSelection: 'Clear selection',
  doneMergedClosed: 'Done: merged and closed',
  doneMergedClosedResult: (count: number) =>
    count === 0
      ? 'No merged or closed pull requests to mark done'
      : `${count} merged or closed pull request thread${count === 1 ? '' : 's'} marked done`,
  keyboardShortcuts: 'Keyboard shortcuts',
  keyboardShortcutsHint:
    'On the inbox, with the focus anywhere but a text field. Every key has a button too.',
  /** What a finished action says, to the screen reader and on screen. */
  actionResult: (action: 'read' | 'done' | 'mute', count: number, title: string | null) => {
    const what = count === 1 && title ? `“${title}”` : `${count} item${count === 1 ? '' : 's'}`;
    if (action === 'read') return `Marked ${what} read`;
    if (action === 'done') return `Marked ${what} done`;
    return `Muted ${what}`;
  },
  actionFailed: (action: 'read' | 'done' | 'mute', count: number) =>
    `Could not ${action === 'read' ? 'mark as read' : action === 'done' ? 'mark done' : 'mute'} ${
      count === 1 ? 'the item' : `${count} items`
    }`,
  githubNoAnswer: 'GitHub did not answer. Nothing was changed; try again in a moment.',
  clearAllHint: 'Clears Shipdeck’s events; GitHub notifications stay until marked done',
  nothingToDo: (action: 'read' | 'done' | 'mute') =>
    action === 'read'
      ? 'Already read'
      : action === 'mute'
        ? 'Only GitHub threads can be muted'
        : 'Nothing to mark done',
  selectionAnnouncement: (count: number) =>
    count === 0 ? 'Selection cleared' : `${count} selected`,
  githubInboxUnsupportedTitle: 'GitHub notifications cannot be read with this token',
  githubInboxUnsupported:
    'Fine-grained personal access tokens and GitHub App tokens cannot read notifications: GitHub does not allow it. This inbox holds Shipdeck’s own events only.',
  githubInboxUnsupportedFix:
    'To see GitHub notifications here, connect GitHub with a classic personal access token that has the notifications scope (Settings → GitHub).',
  githubInboxMissingScopeTitle: 'Your GitHub token lacks the notifications scope',
  githubInboxMissingScope:
    'Without the notifications scope GitHub does not let Shipdeck read your notifications, so this inbox holds Shipdeck’s own events only.',
  githubInboxMissingScopeFix:
    'Reconnect GitHub from Settings, or connect a classic personal access token with the notifications scope.',
  githubInboxNotConnected: 'your GitHub notifications beside Shipdeck’s events',
  githubInboxSettings: 'Open Settings',
  githubInboxNewToken: 'Create a classic token',
  doneFailed: 'Could not mark merged and closed threads done',
  markAllReadFailed: 'Could not mark all as read; nothing changed',
} as const;
