import { notificationTexts } from '@shipdeck/shared/notification-constants';
import type { Notification } from '@shipdeck/shared/notifications';
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { cx } from '@/utils/cx';
import type { InboxGroupRow as Group } from '../inbox-rows';
import { RowActions, rowClasses, type RowHandlers } from './inbox-item-row';
import { SourceMark } from './source-mark';

export function groupTitle(group: Group): string {
  return notificationTexts.ciGroup(
    group.repository ?? notificationTexts.ciGroupNoRepository,
    group.notifications.length,
  );
}

/**
 * One repository's CI activity threads as one row, closed until asked: "CI activity · owner/repo
 * · N". Its buttons and keys act on every thread in it; open, it lists them below.
 */
export function InboxGroupRow({
  group,
  active,
  current,
  expanded,
  selectedIds,
  pending,
  handlers,
  onToggleExpanded,
  children,
}: {
  group: Group;
  active: boolean;
  current: boolean;
  expanded: boolean;
  selectedIds: ReadonlySet<string>;
  pending: boolean;
  handlers: RowHandlers;
  onToggleExpanded: () => void;
  /** The group's items, when open. */
  children: ReactNode;
}) {
  const title = groupTitle(group);
  const ids = group.notifications.map((notification: Notification) => notification.id);
  const selectedCount = ids.filter((id) => selectedIds.has(id)).length;
  const allSelected = selectedCount === ids.length;
  const unread = group.notifications.filter((notification) => !notification.read).length;
  const checkbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (checkbox.current) checkbox.current.indeterminate = selectedCount > 0 && !allSelected;
  }, [selectedCount, allSelected]);
  const listId = `inbox-group-${group.key}`;
  const newest = group.notifications[0];
  return (
    <li>
      <div
        data-inbox-key={group.key}
        tabIndex={active ? 0 : -1}
        aria-label={[
          title,
          unread > 0 ? `${unread} ${notificationTexts.unread.toLowerCase()}` : null,
          expanded ? 'expanded' : 'collapsed',
          allSelected ? 'selected' : null,
        ]
          .filter(Boolean)
          .join(', ')}
        onFocus={() => handlers.onFocusRow(group.key)}
        className={rowClasses(current, allSelected, unread > 0)}
      >
        <input
          ref={checkbox}
          type="checkbox"
          checked={allSelected}
          onChange={() => handlers.onToggleSelect(ids)}
          aria-label={notificationTexts.selectOf(title)}
          tabIndex={active ? undefined : -1}
          className="mt-1 size-4 shrink-0 cursor-pointer accent-blue-600"
        />
        <SourceMark source="github" className="mt-0.5" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            tabIndex={active ? undefined : -1}
            onClick={onToggleExpanded}
            className={cx(
              'flex min-w-0 cursor-pointer items-start gap-1 text-left text-sm wrap-anywhere text-zinc-900 hover:text-blue-700 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-zinc-50 dark:hover:text-blue-400',
              unread > 0 && 'font-semibold',
            )}
          >
            <ChevronRight
              aria-hidden="true"
              className={cx('mt-0.5 size-4 shrink-0 transition-transform', expanded && 'rotate-90')}
            />
            <span>{title}</span>
          </button>
          <p className="flex flex-wrap items-center gap-x-1.5 pl-5 text-xs text-zinc-500 dark:text-zinc-400">
            {unread > 0 ? (
              <span className="font-medium text-blue-700 dark:text-blue-300">
                {unread} {notificationTexts.unread.toLowerCase()}
              </span>
            ) : null}
            {unread > 0 ? <span aria-hidden="true">·</span> : null}
            {newest ? <RelativeTime value={newest.createdAt} /> : null}
          </p>
        </div>
        <RowActions
          notifications={group.notifications}
          subject={title}
          pending={pending}
          inTabOrder={active}
          onAction={handlers.onAction}
        />
      </div>
      {expanded ? (
        <ul
          id={listId}
          aria-label={title}
          className="divide-y divide-zinc-100 border-t border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {children}
        </ul>
      ) : null}
    </li>
  );
}
