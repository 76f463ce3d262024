import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PullRequestRef } from '../pull-request-ref';
import { runQuickAction } from '../run-quick-action';
import { MergeDialog } from './merge-dialog';

/** What a key asked for: approve and re-run act at once, merge asks first. */
export type PullRequestKeyRequest = {
  action: 'approve' | 'merge' | 'rerunFailedChecks';
  pullRequest: PullRequestRef;
};

/**
 * Carries out an action a key asked for on a row whose menu was never opened: the actions
 * answer is read first, so an action GitHub would refuse is refused here with its reason.
 * `onDone` gets the outcome in words for the page's live region.
 */
export function PullRequestKeyAction({
  request,
  onDone,
}: {
  request: PullRequestKeyRequest;
  onDone: (text: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (request.action === 'merge' || started.current) return;
    // Once, even when React runs the effect twice in development.
    started.current = true;
    void runQuickAction(queryClient, request.pullRequest, request.action, { check: true }).then(
      (outcome) => onDone(outcome.text),
    );
  }, [queryClient, request, onDone]);
  if (request.action !== 'merge') return null;
  return (
    <MergeDialog
      pullRequest={request.pullRequest}
      mode="merge"
      onOutcome={(text) => onDone(text)}
      onClose={() => onDone(null)}
    />
  );
}
