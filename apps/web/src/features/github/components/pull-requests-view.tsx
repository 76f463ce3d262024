import { pageSizes } from '@shipdeck/shared/constants';
import type { PullRequestFilter, PullRequestSort } from '@shipdeck/shared/github';
import { errorMessages } from '@shipdeck/shared/messages';
import { GitPullRequest } from 'lucide-react';
import {
  ShipFilterRule,
  ShipFilterSelect,
} from '@/features/insights/components/ship-filter-select';
import { useShipFilterParam } from '@/features/insights/hooks/use-ship-filter-param';
import { type PullRequestsParams, usePullRequests } from '../api/get-pull-requests';
import { PullRequestRow } from './pull-request-row';
import { type ListOption, SearchableList, type SearchableListTexts } from './searchable-list';

const filterOptions: ListOption<PullRequestFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'merged', label: 'Merged' },
];

const sortOptions: ListOption<PullRequestSort>[] = [
  { value: 'updated', label: 'Updated' },
  { value: 'created', label: 'Created' },
];

const texts: SearchableListTexts = {
  search: 'Search pull requests',
  loading: 'Loading pull requests…',
  loadError: errorMessages.loadPullRequests,
  emptyTitle: 'No pull requests yet',
  emptyDescription: 'Pull requests you open, review or are assigned to will show up here.',
  noMatchTitle: 'No pull requests match',
  one: 'pull request',
  other: 'pull requests',
  pagination: 'Pull requests',
};

/** The list's own params plus the ship filter the address bar holds. */
function usePullRequestsWithShip(params: Omit<PullRequestsParams, 'ship'>) {
  const { ship } = useShipFilterParam();
  return usePullRequests({ ...params, ship });
}

/** Pull requests across all the user's repositories, searched, filtered and sorted by the server. */
export function PullRequestsView() {
  const { ship } = useShipFilterParam();
  return (
    <SearchableList
      filterOptions={filterOptions}
      sortOptions={sortOptions}
      defaultFilter="all"
      defaultSort="updated"
      perPage={pageSizes.apiDefault}
      useListQuery={usePullRequestsWithShip}
      getItems={(data) => data.pullRequests}
      getItemKey={(pullRequest) => pullRequest.id}
      renderItem={(pullRequest) => <PullRequestRow pullRequest={pullRequest} />}
      emptyIcon={<GitPullRequest />}
      countId="pull-requests-count"
      texts={texts}
      toolbarChoices={<ShipFilterSelect />}
      belowToolbar={<ShipFilterRule />}
      extraFiltered={ship !== undefined}
    />
  );
}
