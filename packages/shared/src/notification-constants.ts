// The notification centre's kinds and texts, apart from messages.ts (the sign-in pages do not
// need them) and from the schemas in notifications.ts (the pages that show them need no zod),
// which build on these and are never imported here.

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
  'review-requested': 'Review requested',
  'changes-requested': 'Changes requested',
  'pull-request-approved': 'Pull request approved',
  'checks-failed': 'Checks failed',
  'deployment-failed': 'Deployment failed',
  'deployment-ready': 'Production deployment ready',
  'commits-pushed': 'New commits',
};

/** Texts of the notification centre and of the items the server creates. */
export const notificationTexts = {
  welcomeTitle: 'Welcome to Shipdeck',
  welcomeMessage: (login: string) =>
    `GitHub is connected as @${login}. Your repositories and pull requests are on their way.`,
  connectVercelTitle: 'Connect your Vercel account',
  connectVercelMessage: 'Connect Vercel in Settings to see your projects and deployments here.',
  pullRequestMerged: (repo: string, number: number, title: string) =>
    `${repo}#${number} “${title}” was merged.`,
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
  empty: 'No notifications yet',
  emptyHint: 'Merged pull requests, review requests, failed checks and deployments appear here.',
  markAllRead: 'Mark all as read',
  clearAll: 'Clear All',
  viewAll: 'View All Notifications',
  loadFailed: 'Failed to load notifications',
  markAllReadDone: 'All notifications marked as read',
  cleared: 'Notifications cleared',
} as const;
