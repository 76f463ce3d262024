import { pageSizes } from '@shipdeck/shared/constants';
import type { PullRequestFilter, PullRequestSort } from '@shipdeck/shared/github';
import { errorMessages } from '@shipdeck/shared/messages';
import { GitPullRequest } from 'lucide-react';
import { usePullRequests } from '../api/get-pull-requests';
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

/** Pull requests across all the user's repositories, searched, filtered and sorted by the server. */
export function PullRequestsView() {
  return (
    <SearchableList
      filterOptions={filterOptions}
      sortOptions={sortOptions}
      defaultFilter="all"
      defaultSort="updated"
      perPage={pageSizes.apiDefault}
      useListQuery={usePullRequests}
      getItems={(data) => data.pullRequests}
      getItemKey={(pullRequest) => pullRequest.id}
      renderItem={(pullRequest) => <PullRequestRow pullRequest={pullRequest} />}
      emptyIcon={<GitPullRequest />}
      countId="pull-requests-count"
      texts={texts}
    />
  );
}
