import {
  pullRequestActionMessages,
  type RerunFailedChecksResult,
} from '@shipdeck/shared/pull-request-actions';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { getPullRequestActionsQueryOptions } from './api/get-pull-request-actions';
import { refreshPullRequestViews } from './api/refresh-pull-request-views';
import { rerunFailedChecks } from './api/rerun-failed-checks';
import { reviewPullRequest } from './api/review-pull-request';
import { setAutoMerge } from './api/set-auto-merge';
import { actionErrorMessage } from './action-error-message';
import { type PullRequestRef, pullRequestName } from './pull-request-ref';
import { pullRequestActionTexts } from './texts';
import { unavailableReason } from './unavailable-reason';

/** The actions that need no dialog: one press, then a toast with the outcome. */
export type QuickAction = 'approve' | 'rerunFailedChecks' | 'autoMergeOff';

const texts = pullRequestActionTexts.results;

function rerunText(result: RerunFailedChecksResult, name: string): string | null {
  return result.rerun.length > 0 ? texts.rerunning(result.rerun.length, name) : null;
}

/**
 * Runs one quick action and says how it ended (a toast, and the text for a live region). With
 * `check`, the actions answer is read first and a refusal the server would give for certain is
 * said without asking it (the inbox's keys act on a row whose menu was never opened).
 */
export async function runQuickAction(
  queryClient: QueryClient,
  ref: PullRequestRef,
  action: QuickAction,
  { check = false }: { check?: boolean } = {},
): Promise<{ ok: boolean; text: string }> {
  const name = pullRequestName(ref);
  try {
    if (check) {
      const actions = await queryClient.fetchQuery(getPullRequestActionsQueryOptions(ref));
      const offered =
        action === 'approve'
          ? actions.available.approve
          : action === 'rerunFailedChecks'
            ? actions.available.rerunFailedChecks
            : actions.available.autoMerge;
      if (!offered) {
        const reason =
          unavailableReason(
            actions,
            action === 'approve' ? 'review' : action === 'rerunFailedChecks' ? 'rerun' : 'any',
          ) ?? pullRequestActionTexts.nothingAvailable;
        toast.error(texts.failed(name), { description: reason });
        return { ok: false, text: `${texts.failed(name)}. ${reason}` };
      }
    }
    if (action === 'approve') {
      await reviewPullRequest(ref, { event: 'APPROVE' });
      void refreshPullRequestViews(queryClient, ref);
      toast.success(texts.approved(name));
      return { ok: true, text: texts.approved(name) };
    }
    if (action === 'autoMergeOff') {
      await setAutoMerge(ref, { on: false });
      void refreshPullRequestViews(queryClient, ref);
      toast.success(texts.autoMergeOff(name));
      return { ok: true, text: texts.autoMergeOff(name) };
    }
    const result = await rerunFailedChecks(ref);
    // The outcome is said at once; the lists are read again meanwhile.
    void refreshPullRequestViews(queryClient, ref);
    const started = rerunText(result, name);
    const statuses = result.notRerunnable.map((status) => status.context).join(', ');
    const notRerunnable = statuses
      ? `${pullRequestActionMessages.classicStatusNotRerunnable} ${statuses}`
      : null;
    if (started) {
      toast.success(started, notRerunnable ? { description: notRerunnable } : undefined);
      return { ok: true, text: [started, notRerunnable].filter(Boolean).join('. ') };
    }
    const reason = notRerunnable ?? pullRequestActionMessages.noFailedChecks;
    toast.info(reason);
    return { ok: false, text: reason };
  } catch (error) {
    const reason = actionErrorMessage(error);
    toast.error(texts.failed(name), { description: reason });
    return { ok: false, text: `${texts.failed(name)}. ${reason}` };
  }
}
