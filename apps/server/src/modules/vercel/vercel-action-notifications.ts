import type { NotificationType } from '@shipdeck/shared/notifications';

/**
 * The notification kinds Vercel actions are filed under. The existing deployment kinds for now:
 * a kind of their own (`deployment-action`) needs NOTIFICATION_TYPES and its label, in a file
 * being reworked elsewhere; it is a change of these two constants only.
 */
export const ACTION_NOTIFICATION: NotificationType = 'deployment-ready';
export const ACTION_FAILED_NOTIFICATION: NotificationType = 'deployment-failed';
