import {
  githubReasonLabel,
  NOTIFICATION_SOURCES,
  notificationTexts,
} from '@shipdeck/shared/notification-constants';
import type { NotificationFacet, NotificationFacets } from '@shipdeck/shared/notifications';
import { ListChoice } from '@/components/ui/list-toolbar';
import type { InboxFilterChange, InboxFilters } from '../inbox-filters';
import { sourceLabel } from './source-mark';

type Option = { value: string; label: string };

/**
 * A filter's options with their unread counts; the value in the address is kept even when the
 * inbox holds none of it, so the select shows what is applied.
 */
export function facetOptions(
  allLabel: string,
  facets: readonly NotificationFacet[],
  current: string | undefined,
  label: (value: string) => string,
): Option[] {
  const options: Option[] = [{ value: '', label: allLabel }];
  for (const facet of facets) {
    options.push({
      value: facet.value,
      label: notificationTexts.facetOption(label(facet.value), facet.unread),
    });
  }
  if (current && !facets.some((facet) => facet.value === current)) {
    options.push({ value: current, label: label(current) });
  }
  return options;
}

const sourceFacets = (facets: NotificationFacets | undefined): NotificationFacet[] =>
  NOTIFICATION_SOURCES.map(
    (source) =>
      facets?.sources.find((facet) => facet.value === source) ?? { value: source, unread: 0 },
  );

/** Source, reason, repository and read state of the inbox, each value with its unread count. */
export function InboxFilterBar({
  filters,
  facets,
  onChange,
}: {
  filters: InboxFilters;
  facets: NotificationFacets | undefined;
  onChange: (change: InboxFilterChange) => void;
}) {
  const show = filters.unread === true ? 'unread' : filters.unread === false ? 'read' : '';
  return (
    <div
      role="group"
      aria-label="Filters"
      className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-center lg:gap-3"
    >
      <ListChoice
        label={notificationTexts.filterSource}
        value={filters.source ?? ''}
        options={facetOptions(
          notificationTexts.allSources,
          sourceFacets(facets),
          filters.source,
          (value) => (value === 'github' || value === 'shipdeck' ? sourceLabel(value) : value),
        )}
        onChange={(value) =>
          onChange({ source: value === 'github' || value === 'shipdeck' ? value : null })
        }
        className="lg:w-44"
      />
      <ListChoice
        label={notificationTexts.filterReason}
        value={filters.reason ?? ''}
        options={facetOptions(
          notificationTexts.allReasons,
          facets?.reasons ?? [],
          filters.reason,
          githubReasonLabel,
        )}
        onChange={(value) => onChange({ reason: value || null })}
        className="lg:w-52"
      />
      <ListChoice
        label={notificationTexts.filterRepository}
        value={filters.repository ?? ''}
        options={facetOptions(
          notificationTexts.allRepositories,
          facets?.repositories ?? [],
          filters.repository,
          (value) => value,
        )}
        onChange={(value) => onChange({ repository: value || null })}
        className="lg:w-56"
      />
      <ListChoice
        label={notificationTexts.filterShow}
        value={show}
        options={[
          { value: '', label: notificationTexts.showAll },
          { value: 'unread', label: notificationTexts.showUnread },
          { value: 'read', label: notificationTexts.showRead },
        ]}
        onChange={(value) =>
          onChange({ unread: value === 'unread' ? true : value === 'read' ? false : null })
        }
        className="lg:w-28"
      />
    </div>
  );
}
