import type { PullRequestActions } from '@shipdeck/shared/pull-request-actions';
import { useQueryClient } from '@tanstack/react-query';
import {
  CircleCheck,
  EllipsisVertical,
  GitMerge,
  MessageSquareWarning,
  RefreshCw,
  TimerOff,
  Timer,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
} from '@/components/ui/dropdown-menu';
import { DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { usePullRequestActions } from '../api/get-pull-request-actions';
import { actionErrorMessage } from '../action-error-message';
import type { PullRequestRef } from '../pull-request-ref';
import { type QuickAction, runQuickAction } from '../run-quick-action';
import { pullRequestActionTexts } from '../texts';
import { unavailableReason } from '../unavailable-reason';
import { MergeDialog } from './merge-dialog';
import { RequestChangesDialog } from './request-changes-dialog';
import { RequestReviewersDialog } from './request-reviewers-dialog';

type DialogKind = 'merge' | 'autoMerge' | 'requestChanges' | 'requestReviewers';
type MenuEntry = { key: string; label: string; icon: LucideIcon } & (
  { dialog: DialogKind } | { quick: QuickAction }
);

const items = pullRequestActionTexts.items;

/** The entries the answer offers, in the order a reviewer and then an author reaches for them. */
export function menuEntries(actions: PullRequestActions): MenuEntry[] {
  const { available } = actions;
  const entries: MenuEntry[] = [];
  if (available.approve) {
    entries.push({ key: 'approve', label: items.approve, icon: CircleCheck, quick: 'approve' });
  }
  if (available.requestChanges) {
    entries.push({
      key: 'requestChanges',
      label: items.requestChanges,
      icon: MessageSquareWarning,
      dialog: 'requestChanges',
    });
  }
  if (available.requestReviewers) {
    entries.push({
      key: 'requestReviewers',
      label: items.requestReviewers,
      icon: UserPlus,
      dialog: 'requestReviewers',
    });
  }
  if (available.rerunFailedChecks) {
    entries.push({
      key: 'rerunFailedChecks',
      label: items.rerunFailedChecks,
      icon: RefreshCw,
      quick: 'rerunFailedChecks',
    });
  }
  if (available.merge) {
    entries.push({ key: 'merge', label: items.merge, icon: GitMerge, dialog: 'merge' });
  }
  if (available.autoMerge) {
    entries.push(
      actions.autoMerge
        ? { key: 'autoMergeOff', label: items.autoMergeOff, icon: TimerOff, quick: 'autoMergeOff' }
        : { key: 'autoMergeOn', label: items.autoMergeOn, icon: Timer, dialog: 'autoMerge' },
    );
  }
  return entries;
}

/**
 * A pull request's actions, read when the menu opens (`GET …/actions`), so it offers only what
 * GitHub would accept from this person: none on an archived repository or with read access, no
 * review of their own pull request. Loaded on the first press of the row's button.
 */
export function PullRequestActionsMenu({
  pullRequest,
  defaultOpen = false,
  tabIndex,
}: {
  pullRequest: PullRequestRef;
  defaultOpen?: boolean;
  tabIndex?: number | undefined;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(defaultOpen);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [running, setRunning] = useState<QuickAction | null>(null);
  const actions = usePullRequestActions(pullRequest, open);
  const data = actions.data;
  const entries = data ? menuEntries(data) : [];

  const runQuick = async (action: QuickAction) => {
    setRunning(action);
    await runQuickAction(queryClient, pullRequest, action);
    setRunning(null);
  };

  const close = () => setDialog(null);
  return (
    <>
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="quiet"
            size="icon"
            className="size-8"
            tabIndex={tabIndex}
            loading={running !== null}
            aria-label={pullRequestActionTexts.menuLabel(pullRequest.number)}
          >
            <EllipsisVertical />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-w-72">
          {!data ? (
            <DropdownMenuLabel className="text-zinc-600 dark:text-zinc-400">
              {actions.isError ? (
                actionErrorMessage(actions.error)
              ) : (
                <span className="inline-flex items-center gap-2">
                  <Spinner className="size-3.5" /> {pullRequestActionTexts.loading}
                </span>
              )}
            </DropdownMenuLabel>
          ) : entries.length === 0 ? (
            <DropdownMenuLabel className="text-zinc-600 dark:text-zinc-400">
              {unavailableReason(data, 'any') ?? pullRequestActionTexts.nothingAvailable}
            </DropdownMenuLabel>
          ) : (
            entries.map((entry) => {
              const Icon = entry.icon;
              return (
                <DropdownMenuItem
                  key={entry.key}
                  disabled={running !== null}
                  onSelect={() => {
                    if ('dialog' in entry) setDialog(entry.dialog);
                    else void runQuick(entry.quick);
                  }}
                >
                  <Icon aria-hidden="true" />
                  {entry.label}
                </DropdownMenuItem>
              );
            })
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog === 'merge' || dialog === 'autoMerge' ? (
        <MergeDialog
          pullRequest={pullRequest}
          mode={dialog === 'merge' ? 'merge' : 'auto'}
          onClose={close}
        />
      ) : dialog === 'requestChanges' ? (
        <RequestChangesDialog pullRequest={pullRequest} onClose={close} />
      ) : dialog === 'requestReviewers' ? (
        <RequestReviewersDialog pullRequest={pullRequest} onClose={close} />
      ) : null}
    </>
  );
}
