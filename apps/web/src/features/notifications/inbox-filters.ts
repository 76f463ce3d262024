import {
  NOTIFICATION_SOURCES,
  type NotificationSource,
} from '@shipdeck/shared/notification-constants';

/** The inbox's filters as the address bar holds them; absent means "all". */
export type InboxFilters = {
  source?: NotificationSource;
  /** GitHub's reason, e.g. `review_requested` (GitHub adds new ones, so any short word). */
  reason?: string;
  /** `owner/name`. */
  repository?: string;
  /** true: unread only; false: read only. */
  unread?: boolean;
  page: number;
};

export type InboxFilterName = 'source' | 'reason' | 'repository' | 'unread';

// The server's own limits (notificationsQuerySchema); a longer value would answer 400.
const MAX_REASON = 60;
const MAX_REPOSITORY = 200;

function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

/** Reads `?source=&reason=&repository=&unread=&page=`; anything unusable is left out. */
export function readInboxFilters(params: URLSearchParams): InboxFilters {
  const source = params.get('source');
  const unread = params.get('unread');
  const page = Number(params.get('page'));
  return {
    source: (NOTIFICATION_SOURCES as readonly (string | null)[]).includes(source)
      ? (source as NotificationSource)
      : undefined,
    reason: text(params.get('reason'), MAX_REASON),
    repository: text(params.get('repository'), MAX_REPOSITORY),
    unread: unread === 'true' ? true : unread === 'false' ? false : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export type InboxFilterChange = {
  source?: NotificationSource | null;
  reason?: string | null;
  repository?: string | null;
  unread?: boolean | null;
  page?: number;
};

/**
 * The address after a change: `null` removes a filter, `undefined` leaves it. Any filter change
 * starts again from the first page; other parameters are kept.
 */
export function writeInboxFilters(
  current: URLSearchParams,
  change: InboxFilterChange,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null | undefined) => {
    if (value === undefined) return;
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  };
  set('source', change.source);
  set('reason', change.reason);
  set('repository', change.repository);
  set(
    'unread',
    change.unread === undefined ? undefined : change.unread === null ? null : String(change.unread),
  );
  const filterChanged =
    change.source !== undefined ||
    change.reason !== undefined ||
    change.repository !== undefined ||
    change.unread !== undefined;
  const page = change.page ?? (filterChanged ? 1 : undefined);
  if (page !== undefined) set('page', page > 1 ? String(page) : null);
  return next;
}

/** Whether any filter narrows the inbox (the page number is no filter). */
export function isFiltered(filters: InboxFilters): boolean {
  return (
    filters.source !== undefined ||
    filters.reason !== undefined ||
    filters.repository !== undefined ||
    filters.unread !== undefined
  );
}
