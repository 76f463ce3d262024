import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useReviewPullRequest } from '../api/review-pull-request';
import { actionErrorMessage } from '../action-error-message';
import { type PullRequestRef, pullRequestName } from '../pull-request-ref';
import { pullRequestActionTexts } from '../texts';

const texts = pullRequestActionTexts.requestChanges;

/** Requests changes with the comment GitHub requires, written here. */
export function RequestChangesDialog({
  pullRequest,
  onClose,
}: {
  pullRequest: PullRequestRef;
  onClose: () => void;
}) {
  const review = useReviewPullRequest(pullRequest);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = comment.trim();
    if (!body) {
      setMissing(true);
      return;
    }
    review.mutate(
      { event: 'REQUEST_CHANGES', body },
      {
        onSuccess: () => {
          toast.success(
            pullRequestActionTexts.results.changesRequested(pullRequestName(pullRequest)),
          );
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={texts.title(pullRequest.number)} description={pullRequest.title}>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-1.5">
            <label
              htmlFor={id}
              className="block text-sm font-medium text-zinc-800 dark:text-zinc-200"
            >
              {texts.comment}
            </label>
            <textarea
              id={id}
              required
              rows={5}
              value={comment}
              aria-invalid={missing ? true : undefined}
              aria-describedby={`${id}-${missing ? 'error' : 'hint'}`}
              onChange={(event) => {
                setComment(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
              className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600/30 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:focus-visible:border-blue-400"
            />
            {missing ? (
              <p id={`${id}-error`} className="text-xs font-medium text-red-600 dark:text-red-400">
                {texts.commentRequired}
              </p>
            ) : (
              <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
                {texts.commentHint}
              </p>
            )}
          </div>
          {review.isError ? <Alert>{actionErrorMessage(review.error)}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" variant="outline" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button size="sm" type="submit" loading={review.isPending}>
              {texts.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
