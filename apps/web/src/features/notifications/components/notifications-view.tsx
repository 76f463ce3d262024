import { notificationTexts } from '@shipdeck/shared/notification-constants';
import type { Notification } from '@shipdeck/shared/notifications';
import { BellOff, CheckCheck, Keyboard, X } from 'lucide-react';
import { type ReactNode, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { useClearNotifications } from '../api/clear-notifications';
import { useInboxNotifications, notificationsQueryKey } from '../api/get-notifications';
import {
  actionFailureReason,
  type InboxAction,
  runInboxActions,
  useDoneMergedClosed,
} from '../api/inbox-actions';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useInboxTriage } from '../hooks/use-inbox-triage';
import {
  type InboxFilterChange,
  isFiltered,
  readInboxFilters,
  writeInboxFilters,
} from '../inbox-filters';
import {
  entryNotifications,
  groupInboxRows,
  type InboxEntry,
  inboxEntries,
  mergedOrClosedCount,
} from '../inbox-rows';
import { notificationTarget } from '../notification-link';
import { openPullRequestOf } from '../notification-pull-request';
import { actionTargets, triageReducer } from '../triage-keys';
import { GithubInboxNotice } from './github-inbox-notice';
import { InboxFilterBar } from './inbox-filter-bar';
import { InboxGroupRow } from './inbox-group-row';
import { InboxItemRow, type RowHandlers } from './inbox-item-row';
import { KeyboardHelpDialog } from './keyboard-help-dialog';
import { PullRequestKeyActionLoader } from '@/features/pull-request-actions/components/pull-request-key-action-loader';
import type { PullRequestKeyRequest } from '@/features/pull-request-actions/components/pull-request-key-action';
import { pullRequestActionTexts } from '@/features/pull-request-actions/texts';

/** A screenful to triage; CI activity is grouped within a page. */
export const INBOX_PAGE_SIZE = 50;

type NotificationsViewProps = {
  /** The app's prompt to connect GitHub, shown when no GitHub account is connected. */
  connectGithub?: ReactNode;
  /** GitHub's page for a new classic token with the notifications scope. */
  classicTokenUrl?: string;
};

/**
 * The inbox: GitHub's notification threads and Shipdeck's own events, newest first, filtered
 * through the address, triaged by pointer, screen reader or keyboard (j/k, o, e, r, m, x, ?), and
 * a pull-request thread acted on (a approve, M merge, R re-run failed checks).
 */
export function NotificationsView({ connectGithub, classicTokenUrl }: NotificationsViewProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readInboxFilters(searchParams);
  const query = useInboxNotifications({
    page: filters.page,
    perPage: INBOX_PAGE_SIZE,
    source: filters.source,
    reason: filters.reason,
    repository: filters.repository,
    unread: filters.unread,
  });
  const navigate = useNavigate();
  const markAll = useMarkAllNotificationsRead();
  const clear = useClearNotifications();
  const markRead = useMarkNotificationRead();
  const doneMergedClosed = useDoneMergedClosed();

  // The inbox is drawn in the background once the server's answer is in (issue 34): drawn in the
  // answer's own task it took 50–200 ms on two cores, and a press made then waited for all of it.
  // Everything below reads this one value, so the rows, the keys and the counts always agree.
  const data = useDeferredValue(query.data);
  const notifications = useMemo(() => data?.notifications ?? [], [data]);
  const rows = useMemo(() => groupInboxRows(notifications), [notifications]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const entries = useMemo(() => inboxEntries(rows, expanded), [rows, expanded]);
  const ids = useMemo(() => notifications.map((notification) => notification.id), [notifications]);
  const byId = useMemo(
    () => new Map(notifications.map((notification) => [notification.id, notification])),
    [notifications],
  );

  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const announce = (text: string) =>
    setAnnouncement((previous) => ({ text, count: previous.count + 1 }));
  const [helpOpen, setHelpOpen] = useState(false);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(() => new Set());
  // A pull-request action asked by a key (a, M, R): one at a time.
  const [keyRequest, setKeyRequest] = useState<PullRequestKeyRequest | null>(null);

  const changeFilters = (change: InboxFilterChange) =>
    setSearchParams((current) => writeInboxFilters(current, change));

  const toggleExpanded = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const listRef = useRef<HTMLDivElement>(null);

  async function act(
    action: InboxAction,
    candidates: readonly Notification[],
    fromSelection: boolean,
  ) {
    let targets = candidates.filter((notification) => !pendingIds.has(notification.id));
    if (action === 'read') targets = targets.filter((notification) => !notification.read);
    if (action === 'mute')
      targets = targets.filter((notification) => notification.source === 'github');
    if (targets.length === 0) {
      announce(notificationTexts.nothingToDo(action));
      return;
    }
    const targetIds = targets.map((notification) => notification.id);
    setPendingIds((current) => new Set([...current, ...targetIds]));
    const outcome = await runInboxActions(action, targets);
    // The list as the server now holds it: a refused item stays exactly as it was.
    await queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    setPendingIds((current) => new Set([...current].filter((id) => !targetIds.includes(id))));
    const messages: string[] = [];
    if (outcome.done.length > 0) {
      messages.push(
        notificationTexts.actionResult(action, outcome.done.length, outcome.done[0]?.title ?? null),
      );
    }
    if (outcome.failed.length > 0) {
      const failure = notificationTexts.actionFailed(action, outcome.failed.length);
      const reason = actionFailureReason(outcome.failed[0]?.error);
      toast.error(failure, reason ? { description: reason } : undefined);
      messages.push(reason ? `${failure}. ${reason}` : `${failure}.`);
    } else if (fromSelection) {
      triage.send({ type: 'clear-selection' });
    }
    announce(messages.join(' '));
  }

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    const target = notificationTarget(notification.link);
    if (target?.kind === 'app') void navigate(target.path);
    else if (target?.kind === 'external') window.open(target.href, '_blank', 'noopener,noreferrer');
  };

  const toggleSelection = (toggled: readonly string[]) => {
    const next = triageReducer(triage.state, { type: 'toggle', ids: toggled });
    triage.send({ type: 'toggle', ids: toggled });
    announce(notificationTexts.selectionAnnouncement(next.selected.length));
  };

  const triage = useInboxTriage({
    entries,
    ids,
    listRef,
    onCommand: (command, entry: InboxEntry | null) => {
      const entryItems = entry ? entryNotifications(entry) : [];
      switch (command) {
        case 'help':
          setHelpOpen(true);
          return;
        case 'open':
          if (entry?.kind === 'ci-group') toggleExpanded(entry.key);
          else if (entry) open(entry.notification);
          return;
        case 'select':
          if (entry) toggleSelection(entryItems.map((notification) => notification.id));
          return;
        case 'approve':
        case 'merge':
        case 'rerun': {
          const pullRequest = entry?.kind === 'item' ? openPullRequestOf(entry.notification) : null;
          if (!pullRequest) {
            announce(pullRequestActionTexts.notAPullRequest);
            return;
          }
          if (keyRequest) return;
          setKeyRequest({
            action: command === 'rerun' ? 'rerunFailedChecks' : command,
            pullRequest,
          });
          return;
        }
        case 'done':
        case 'read':
        case 'mute': {
          const fromSelection = triage.state.selected.length > 0;
          const targets = actionTargets(
            triage.state,
            entryItems.map((notification) => notification.id),
          )
            .map((id) => byId.get(id))
            .filter((notification): notification is Notification => notification !== undefined);
          void act(command, targets, fromSelection);
        }
      }
    },
  });
  const { state } = triage;
  const selected = new Set(state.selected);
  // Before the first move, the first row stands in the tab order for the list.
  const tabKey = state.activeKey ?? entries[0]?.key ?? null;

  const handlers: RowHandlers = {
    onFocusRow: (key) => triage.send({ type: 'focus', key }),
    onLinkFollowed: (notification) => {
      if (!notification.read) markRead.mutate(notification.id);
    },
    onAction: (action, items) => void act(action, items, false),
    onToggleSelect: toggleSelection,
  };

  const selectedNotifications = state.selected
    .map((id) => byId.get(id))
    .filter((notification): notification is Notification => notification !== undefined);
  const closedCount = mergedOrClosedCount(notifications);
  const filtered = isFiltered(filters);

  const list = (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {rows.map((row) =>
        row.kind === 'item' ? (
          <InboxItemRow
            key={row.key}
            notification={row.notification}
            entryKey={row.key}
            active={row.key === tabKey}
            current={row.key === state.activeKey}
            selected={selected.has(row.notification.id)}
            pending={pendingIds.has(row.notification.id)}
            handlers={handlers}
          />
        ) : (
          <InboxGroupRow
            key={row.key}
            group={row}
            active={row.key === tabKey}
            current={row.key === state.activeKey}
            expanded={expanded.has(row.key)}
            selectedIds={selected}
            pending={row.notifications.some((notification) => pendingIds.has(notification.id))}
            handlers={handlers}
            onToggleExpanded={() => toggleExpanded(row.key)}
          >
            {row.notifications.map((notification) => {
              const key = `item:${notification.id}`;
              return (
                <InboxItemRow
                  key={key}
                  notification={notification}
                  entryKey={key}
                  active={key === tabKey}
                  current={key === state.activeKey}
                  selected={selected.has(notification.id)}
                  pending={pendingIds.has(notification.id)}
                  nested
                  handlers={handlers}
                />
              );
            })}
          </InboxGroupRow>
        ),
      )}
    </ul>
  );

  return (
    <>
      {data ? (
        <GithubInboxNotice
          state={data.githubInbox}
          connectGithub={connectGithub}
          classicTokenUrl={classicTokenUrl}
        />
      ) : null}
      <Card>
        <div className="flex flex-col gap-3 border-b border-zinc-200 px-3 py-3 sm:px-4 dark:border-zinc-800">
          <InboxFilterBar filters={filters} facets={data?.facets} onChange={changeFilters} />
          <div className="flex flex-wrap items-center gap-2">
            {closedCount > 0 ? (
              <Button
                variant="outline"
                size="sm"
                loading={doneMergedClosed.isPending}
                onClick={() =>
                  doneMergedClosed.mutate(undefined, {
                    onSuccess: (result) => {
                      const text = notificationTexts.doneMergedClosedResult(result.done);
                      toast.success(text);
                      announce(text);
                    },
                    onError: (error) => {
                      const reason = actionFailureReason(error);
                      toast.error(
                        notificationTexts.doneFailed,
                        reason ? { description: reason } : undefined,
                      );
                      announce(
                        reason
                          ? `${notificationTexts.doneFailed}. ${reason}`
                          : notificationTexts.doneFailed,
                      );
                    },
                  })
                }
              >
                <CheckCheck aria-hidden="true" />
                {notificationTexts.doneMergedClosed}
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              disabled={!data || data.unreadCount === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {notificationTexts.markAllRead}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!data || data.pagination.total === 0 || clear.isPending}
              title={notificationTexts.clearAllHint}
              onClick={() => clear.mutate()}
            >
              {notificationTexts.clearAll}
            </Button>
            {filtered ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  changeFilters({ source: null, reason: null, repository: null, unread: null })
                }
              >
                <X aria-hidden="true" />
                {notificationTexts.clearFilters}
              </Button>
            ) : null}
            {/* Phones rarely have the keys; every action has its button there. */}
            <span className="ml-auto hidden sm:block">
              <Button
                variant="ghost"
                size="sm"
                aria-keyshortcuts="?"
                onClick={() => setHelpOpen(true)}
              >
                <Keyboard aria-hidden="true" />
                {notificationTexts.keyboardShortcuts}
              </Button>
            </span>
          </div>
        </div>
        {selectedNotifications.length > 0 ? (
          <div
            role="toolbar"
            aria-label="Selected items"
            className="flex flex-wrap items-center gap-2 border-b border-blue-200 bg-blue-50 px-3 py-2 sm:px-4 dark:border-blue-900 dark:bg-blue-950/40"
          >
            <span className="text-sm font-medium text-blue-900 dark:text-blue-100">
              {notificationTexts.selectedCount(selectedNotifications.length)}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void act('read', selectedNotifications, true)}
            >
              {notificationTexts.markRead}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void act('done', selectedNotifications, true)}
            >
              {notificationTexts.markDone}
            </Button>
            {selectedNotifications.some((notification) => notification.source === 'github') ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => void act('mute', selectedNotifications, true)}
              >
                {notificationTexts.mute}
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                triage.send({ type: 'clear-selection' });
                announce(notificationTexts.selectionAnnouncement(0));
              }}
            >
              {notificationTexts.clearSelection}
            </Button>
          </div>
        ) : null}
        <div ref={listRef}>
          {query.isError && !query.data ? (
            <LoadError
              className="m-4"
              title={notificationTexts.loadFailed}
              error={query.error}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          ) : !data ? (
            <div className="flex justify-center py-12" role="status" aria-label="Loading">
              <Spinner />
            </div>
          ) : query.isError ? (
            <LoadError
              className="m-4"
              title={notificationTexts.loadFailed}
              error={query.error}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          ) : notifications.length === 0 ? (
            filtered ? (
              <EmptyState
                className="m-4"
                icon={<BellOff aria-hidden="true" />}
                title={notificationTexts.noMatch}
                description={notificationTexts.noMatchHint}
                action={
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      changeFilters({ source: null, reason: null, repository: null, unread: null })
                    }
                  >
                    {notificationTexts.clearFilters}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                className="m-4"
                icon={<BellOff aria-hidden="true" />}
                title={notificationTexts.empty}
                description={notificationTexts.emptyHint}
              />
            )
          ) : (
            list
          )}
        </div>
        {data ? (
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            onPageChange={(next) => changeFilters({ page: next })}
            label="Notifications"
          />
        ) : null}
      </Card>
      <p role="status" aria-live="polite" className="sr-only" data-testid="inbox-announcer">
        {announcement.text}
        {announcement.count % 2 === 0 ? '' : '\u200b'}
      </p>
      <KeyboardHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
      {keyRequest ? (
        <PullRequestKeyActionLoader
          request={keyRequest}
          onDone={(text) => {
            if (text) announce(text);
            setKeyRequest(null);
          }}
        />
      ) : null}
    </>
  );
}
