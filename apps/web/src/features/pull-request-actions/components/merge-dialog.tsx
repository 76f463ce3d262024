import type { MergeMethod } from '@shipdeck/shared/insights';
import {
  mergeMethodLabels,
  pullRequestActionMessages,
} from '@shipdeck/shared/pull-request-actions';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { shortSha } from '@/utils/short-sha';
import { usePullRequestActions } from '../api/get-pull-request-actions';
import { useMergePullRequest } from '../api/merge-pull-request';
import { refreshPullRequestViews } from '../api/refresh-pull-request-views';
import { useSetAutoMerge } from '../api/set-auto-merge';
import { actionErrorMessage } from '../action-error-message';
import { type PullRequestRef, pullRequestName } from '../pull-request-ref';
import { pullRequestActionTexts } from '../texts';
import { unavailableReason } from '../unavailable-reason';

const texts = pullRequestActionTexts.merge;

type MergeDialogProps = {
  pullRequest: PullRequestRef;
  /** `merge` now, or `auto`: GitHub merges it once reviews and checks allow. */
  mode: 'merge' | 'auto';
  onClose: () => void;
  /** Told the outcome in words, for a live region of the page that asked (the inbox's). */
  onOutcome?: (text: string) => void;
};

/**
 * Asks before merging, since GitHub cannot undo it: the method (only those the repository
 * allows, the person's last one first) and the head commit the merge is for. GitHub refuses the
 * merge if the head moved since; the dialog then offers to reload.
 */
export function MergeDialog({ pullRequest, mode, onClose, onOutcome }: MergeDialogProps) {
  const queryClient = useQueryClient();
  const actions = usePullRequestActions(pullRequest);
  const merge = useMergePullRequest(pullRequest);
  const autoMerge = useSetAutoMerge(pullRequest);
  const run = mode === 'merge' ? merge : autoMerge;
  const [method, setMethod] = useState<MergeMethod | null>(null);
  // The head the dialog shows is the head it sends: a background refetch does not change it.
  const [shownSha, setShownSha] = useState<string | null>(null);
  const [reloadedTo, setReloadedTo] = useState<string | null>(null);
  const data = actions.data;
  if (shownSha === null && data?.headSha) setShownSha(data.headSha);
  const selectId = useId();
  const name = pullRequestName(pullRequest);

  const chosen =
    method && data?.mergeMethods.includes(method)
      ? method
      : (data?.lastMergeMethod ?? data?.mergeMethods[0] ?? null);
  const offered = data
    ? mode === 'merge'
      ? data.available.merge
      : data.available.autoMerge
    : false;
  const headMoved = merge.error instanceof ApiError && merge.error.status === 409;

  const reload = async () => {
    const next = await actions.refetch();
    merge.reset();
    void refreshPullRequestViews(queryClient, pullRequest);
    const sha = next.data?.headSha ?? null;
    setShownSha(sha);
    setReloadedTo(sha);
  };

  const confirm = () => {
    if (!chosen) return;
    setReloadedTo(null);
    if (mode === 'auto') {
      autoMerge.mutate(
        { on: true, method: chosen },
        {
          onSuccess: () => {
            const text = pullRequestActionTexts.results.autoMergeOn(name);
            toast.success(text);
            onOutcome?.(text);
            onClose();
          },
        },
      );
      return;
    }
    if (!shownSha) return;
    merge.mutate(
      { method: chosen, expectedHeadSha: shownSha },
      {
        onSuccess: () => {
          const text = pullRequestActionTexts.results.merged(name);
          toast.success(text);
          onOutcome?.(text);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={
          mode === 'merge' ? texts.title(pullRequest.number) : texts.autoTitle(pullRequest.number)
        }
        description={pullRequest.title}
      >
        <div className="space-y-4 text-sm text-zinc-700 dark:text-zinc-300">
          {!data ? (
            actions.isError ? (
              <Alert>{actionErrorMessage(actions.error)}</Alert>
            ) : (
              <p role="status" className="flex items-center gap-2">
                <Spinner /> {pullRequestActionTexts.loading}
              </p>
            )
          ) : !offered ? (
            <Alert>
              {unavailableReason(data, 'merge') ??
                (mode === 'auto' && !data.autoMergeAllowed
                  ? pullRequestActionMessages.autoMergeNotAllowed
                  : texts.notOffered)}
            </Alert>
          ) : (
            <>
              <p>{mode === 'merge' ? texts.irreversible : texts.autoExplained}</p>
              <div className="space-y-1.5">
                <label
                  htmlFor={selectId}
                  className="block text-sm font-medium text-zinc-800 dark:text-zinc-200"
                >
                  {texts.method}
                </label>
                <Select
                  id={selectId}
                  value={chosen ?? ''}
                  onChange={(event) => setMethod(event.target.value as MergeMethod)}
                >
                  {data.mergeMethods.map((allowed) => (
                    <option key={allowed} value={allowed}>
                      {mergeMethodLabels[allowed]}
                    </option>
                  ))}
                </Select>
              </div>
              {mode === 'merge' && shownSha ? (
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {texts.headCommit}:{' '}
                  <span className="font-mono text-zinc-800 dark:text-zinc-200">
                    {shortSha(shownSha)}
                  </span>
                </p>
              ) : null}
              {reloadedTo ? (
                <Alert variant="info">{texts.reloaded(shortSha(reloadedTo))}</Alert>
              ) : null}
              {run.isError ? (
                <Alert>
                  <p>{actionErrorMessage(run.error)}</p>
                  {headMoved ? (
                    <Button
                      size="sm"
                      variant="outline"
                      className="mt-2"
                      loading={actions.isFetching}
                      onClick={() => void reload()}
                    >
                      <RefreshCw aria-hidden="true" />
                      {texts.reload}
                    </Button>
                  ) : null}
                </Alert>
              ) : null}
            </>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" variant="outline" onClick={onClose}>
              {texts.cancel}
            </Button>
            {data && offered ? (
              <Button
                size="sm"
                onClick={confirm}
                loading={run.isPending}
                disabled={!chosen || headMoved || (mode === 'merge' && !shownSha)}
              >
                {mode === 'merge' ? texts.confirm : texts.confirmAuto}
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
