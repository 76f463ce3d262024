import { notificationTexts } from '@shipdeck/shared/notification-constants';
import type { Notification } from '@shipdeck/shared/notifications';
import { BellOff, Check, CheckCheck, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ShipStatusChips } from '@/components/ship-status/ship-status-chips';
import { PullRequestActionsButton } from '@/features/pull-request-actions/components/pull-request-actions-button';
import { RerunChecksButton } from '@/features/pull-request-actions/components/rerun-checks-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import { cx } from '@/utils/cx';
import type { InboxAction } from '../api/inbox-actions';
import { notificationKindLabel } from '../notification-labels';
import { notificationTarget } from '../notification-link';
import { openPullRequestOf } from '../notification-pull-request';
import { sourceLabel, SourceMark } from './source-mark';

export type RowHandlers = {
  /** The row took the focus (by keyboard or pointer): the keyboard continues from here. */
  onFocusRow: (key: string) => void;
  /** The title link was followed: the item is marked read. */
  onLinkFollowed: (notification: Notification) => void;
  onAction: (action: InboxAction, notifications: Notification[]) => void;
  onToggleSelect: (ids: string[]) => void;
};

/** The words a screen reader says when the keyboard lands on a row. */
export function rowLabel(notification: Notification, selected: boolean): string {
  return [
    notification.title,
    sourceLabel(notification.source),
    notificationKindLabel(notification),
    notification.repository,
    notification.read ? null : notificationTexts.unread.toLowerCase(),
    selected ? 'selected' : null,
  ]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

export const rowClasses = (current: boolean, selected: boolean, unread: boolean) =>
  cx(
    'relative flex flex-wrap gap-x-3 gap-y-1 px-3 py-3 sm:flex-nowrap sm:px-4 focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400',
    selected
      ? 'bg-blue-50 dark:bg-blue-950/50'
      : unread
        ? 'bg-white dark:bg-transparent'
        : 'bg-zinc-50/60 dark:bg-zinc-950/30',
    current &&
      'before:absolute before:inset-y-0 before:left-0 before:w-0.5 before:bg-blue-600 dark:before:bg-blue-400',
  );

/** The icon buttons at a row's end: every key's action by pointer, named for screen readers. */
export function RowActions({
  notifications,
  subject,
  pending,
  inTabOrder,
  onAction,
  leading,
}: {
  notifications: Notification[];
  /** Drawn before the buttons: a pull-request thread's actions menu. */
  leading?: ReactNode;
  /** Only the keyboard's row puts its buttons in the tab order (the rest are a j or k away). */
  inTabOrder: boolean;
  /** Names the buttons: the item's title, or the group's. */
  subject: string;
  pending: boolean;
  onAction: RowHandlers['onAction'];
}) {
  const anyUnread = notifications.some((notification) => !notification.read);
  const anyGithub = notifications.some((notification) => notification.source === 'github');
  return (
    // A row of its own under the item on a phone, at its end from the small breakpoint up.
    <div className="-my-1 flex w-full shrink-0 items-start justify-end gap-0.5 sm:my-0 sm:w-auto">
      {leading}
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        tabIndex={inTabOrder ? undefined : -1}
        aria-label={notificationTexts.markReadOf(subject)}
        title={`${notificationTexts.markRead} (r)`}
        disabled={pending || !anyUnread}
        onClick={() => onAction('read', notifications)}
      >
        <Check aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        tabIndex={inTabOrder ? undefined : -1}
        aria-label={notificationTexts.markDoneOf(subject)}
        title={`${notificationTexts.markDone} (e)`}
        disabled={pending}
        onClick={() => onAction('done', notifications)}
      >
        <CheckCheck aria-hidden="true" />
      </Button>
      {anyGithub ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          tabIndex={inTabOrder ? undefined : -1}
          aria-label={notificationTexts.muteOf(subject)}
          title={`${notificationTexts.mute} (m)`}
          disabled={pending}
          onClick={() =>
            onAction(
              'mute',
              notifications.filter((notification) => notification.source === 'github'),
            )
          }
        >
          <BellOff aria-hidden="true" />
        </Button>
      ) : (
        // Keeps the columns of read and done aligned with GitHub rows.
        <span aria-hidden="true" className="size-8" />
      )}
    </div>
  );
}

function Title({
  notification,
  inTabOrder,
  onFollowed,
}: {
  notification: Notification;
  inTabOrder: boolean;
  onFollowed: () => void;
}) {
  const target = notificationTarget(notification.link);
  const classes = cx(
    'min-w-0 text-sm wrap-anywhere text-zinc-900 dark:text-zinc-50',
    !notification.read && 'font-semibold',
  );
  const linkClasses = cx(
    classes,
    'hover:text-blue-700 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:hover:text-blue-400',
  );
  if (target?.kind === 'external') {
    return (
      <a
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onFollowed}
        tabIndex={inTabOrder ? undefined : -1}
        className={cx(linkClasses, 'group')}
      >
        {notification.title}
        <ExternalLink
          aria-hidden="true"
          className="ml-1 inline size-3.5 align-[-2px] text-zinc-400 opacity-60 group-hover:opacity-100"
        />
        {notification.source === 'github' ? (
          <span className="sr-only"> {notificationTexts.opensOnGithub}</span>
        ) : null}
      </a>
    );
  }
  if (target?.kind === 'app') {
    return (
      <Link
        to={target.path}
        onClick={onFollowed}
        tabIndex={inTabOrder ? undefined : -1}
        className={linkClasses}
      >
        {notification.title}
      </Link>
    );
  }
  return <span className={classes}>{notification.title}</span>;
}

/** One inbox item: where it comes from, why, where, when, and what can be done with it. */
export function InboxItemRow({
  notification,
  entryKey,
  active,
  current,
  selected,
  nested = false,
  pending,
  handlers,
}: {
  notification: Notification;
  entryKey: string;
  /** The one row in the tab order: the keyboard's, or the first before any move. */
  active: boolean;
  /** The row the keyboard is on, marked at its edge when the focus is elsewhere. */
  current: boolean;
  selected: boolean;
  /** Inside an open CI activity group. */
  nested?: boolean;
  pending: boolean;
  handlers: RowHandlers;
}) {
  const kind = notificationKindLabel(notification);
  const pullRequest = notification.pullRequest;
  const actionable = openPullRequestOf(notification);
  const tabIndex = active ? undefined : -1;
  return (
    <li
      data-inbox-key={entryKey}
      tabIndex={active ? 0 : -1}
      aria-label={rowLabel(notification, selected)}
      onFocus={() => handlers.onFocusRow(entryKey)}
      className={cx(rowClasses(current, selected, !notification.read), nested && 'pl-8 sm:pl-10')}
    >
      <input
        type="checkbox"
        checked={selected}
        onChange={() => handlers.onToggleSelect([notification.id])}
        aria-label={notificationTexts.selectOf(notification.title)}
        tabIndex={active ? undefined : -1}
        className="mt-1 size-4 shrink-0 cursor-pointer accent-blue-600"
      />
      <SourceMark source={notification.source} className="mt-0.5" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 items-start gap-2">
          {!notification.read ? (
            <span
              aria-hidden="true"
              title={notificationTexts.unread}
              className="mt-1.5 size-2 shrink-0 rounded-full bg-blue-600 dark:bg-blue-400"
            />
          ) : null}
          <Title
            notification={notification}
            inTabOrder={active}
            onFollowed={() => handlers.onLinkFollowed(notification)}
          />
        </div>
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
          {kind ? (
            <Badge variant={notification.source === 'github' ? 'default' : 'primary'} size="sm">
              {kind}
            </Badge>
          ) : null}
          {notification.repository ? (
            <span className="font-medium wrap-anywhere text-zinc-600 dark:text-zinc-300">
              {notification.repository}
              {pullRequest ? `#${pullRequest.number}` : ''}
            </span>
          ) : null}
          {notification.repository ? <span aria-hidden="true">·</span> : null}
          <RelativeTime value={notification.createdAt} />
          {pullRequest && pullRequest.state !== 'open' ? (
            <Badge variant={pullRequest.state === 'merged' ? 'merged' : 'danger'} size="sm">
              {pullRequest.state === 'merged' ? 'Merged' : 'Closed'}
            </Badge>
          ) : null}
        </p>
        {notification.message && notification.source === 'shipdeck' ? (
          <p className="line-clamp-2 text-sm break-words text-zinc-600 dark:text-zinc-400">
            {notification.message}
          </p>
        ) : null}
        {pullRequest?.shipStatus ? (
          <ShipStatusChips
            status={pullRequest.shipStatus}
            checksAction={
              actionable ? <RerunChecksButton pullRequest={actionable} tabIndex={tabIndex} /> : null
            }
          />
        ) : null}
      </div>
      <RowActions
        notifications={[notification]}
        subject={notification.title}
        pending={pending}
        inTabOrder={active}
        onAction={handlers.onAction}
        leading={
          actionable ? (
            <PullRequestActionsButton pullRequest={actionable} tabIndex={tabIndex} />
          ) : null
        }
      />
    </li>
  );
}
