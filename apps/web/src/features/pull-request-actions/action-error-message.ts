import { pullRequestActionMessages } from '@shipdeck/shared/pull-request-actions';
import { getErrorMessage } from '@/lib/api-error';

/**
 * A refusal as the person reads it: the server's message (GitHub's reason, the missing scope or
 * permission), or, when GitHub or the server did not answer (5xx, offline), that nothing is
 * reported as done.
 */
export function actionErrorMessage(error: unknown): string {
  return getErrorMessage(error, pullRequestActionMessages.unavailable);
}
