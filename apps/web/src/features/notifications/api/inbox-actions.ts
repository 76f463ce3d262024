import type {
  doneMergedClosedResultSchema,
  Notification,
  unreadCountResultSchema,
} from '@shipdeck/shared/notifications';
import { useMutation } from '@tanstack/react-query';
import { notificationTexts } from '@shipdeck/shared/notification-constants';
import { apiClient, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { queryClient } from '@/lib/query-client';
import { notificationsQueryKey } from './get-notifications';

/** What an inbox item's buttons and keys do; GitHub threads are written back to GitHub. */
export type InboxAction = 'read' | 'done' | 'mute';

export async function runInboxAction(action: InboxAction, id: string) {
  // The inbox says what failed itself, with GitHub's reason when GitHub refused.
  const response = await apiClient.post(
    `/api/notifications/${encodeURIComponent(id)}/${action}`,
    undefined,
    { skipErrorToast: true },
  );
  return unwrap<typeof unreadCountResultSchema>(response);
}

export type InboxActionOutcome = {
  action: InboxAction;
  done: Notification[];
  failed: { notification: Notification; error: unknown }[];
};

/**
 * Runs one action on each of `notifications`, all at once; each succeeds or fails on its own
 * (nothing changes locally: the list is asked again, so a refused item stays as it was).
 */
export async function runInboxActions(
  action: InboxAction,
  notifications: readonly Notification[],
): Promise<InboxActionOutcome> {
  const results = await Promise.allSettled(
    notifications.map((notification) => runInboxAction(action, notification.id)),
  );
  const outcome: InboxActionOutcome = { action, done: [], failed: [] };
  results.forEach((result, index) => {
    const notification = notifications[index];
    if (!notification) return;
    if (result.status === 'fulfilled') outcome.done.push(notification);
    else outcome.failed.push({ notification, error: result.reason });
  });
  return outcome;
}

export async function doneMergedClosed() {
  const response = await apiClient.post('/api/notifications/done-merged-closed', undefined, {
    skipErrorToast: true,
  });
  return unwrap<typeof doneMergedClosedResultSchema>(response);
}

export function useDoneMergedClosed() {
  return useMutation({
    mutationFn: doneMergedClosed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/**
 * Why an action failed, in words: GitHub's refusal as the server said it, or that GitHub did not
 * answer (a 502 carries no message the client shows), or the client's own network words.
 */
export function actionFailureReason(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  if (error.serverMessage) return error.serverMessage;
  if (error.code === 'PROVIDER_ERROR') return notificationTexts.githubNoAnswer;
  return error.message;
}
