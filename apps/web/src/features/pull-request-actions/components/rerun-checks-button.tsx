import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { usePullRequestActions } from '../api/get-pull-request-actions';
import type { PullRequestRef } from '../pull-request-ref';
import { pullRequestActionTexts } from '../texts';

/**
 * "Re-run failed checks" beside a failing checks chip, shown only where the actions answer
 * offers it (not on an archived repository or with read access). What runs it loads on the press.
 */
export function RerunChecksButton({
  pullRequest,
  tabIndex,
}: {
  pullRequest: PullRequestRef;
  tabIndex?: number | undefined;
}) {
  const queryClient = useQueryClient();
  const actions = usePullRequestActions(pullRequest);
  const [running, setRunning] = useState(false);
  if (!actions.data?.available.rerunFailedChecks) return null;
  const run = async () => {
    setRunning(true);
    try {
      const { runQuickAction } = await import('../run-quick-action');
      await runQuickAction(queryClient, pullRequest, 'rerunFailedChecks');
    } finally {
      setRunning(false);
    }
  };
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      disabled={running}
      aria-busy={running || undefined}
      aria-label={`${pullRequestActionTexts.items.rerunFailedChecks} on #${pullRequest.number}`}
      onClick={() => void run()}
      className="inline-flex cursor-pointer items-center gap-1 rounded-full border border-zinc-300 bg-white px-1.5 py-px text-[11px] font-medium text-zinc-700 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800 dark:focus-visible:outline-blue-400 [&_svg]:size-3"
    >
      {running ? <Spinner className="size-3" /> : <RefreshCw aria-hidden="true" />}
      {pullRequestActionTexts.items.rerunFailedChecks}
    </button>
  );
}
