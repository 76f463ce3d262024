import { pageSizes } from '@shipdeck/shared/constants';
import type { RepositoryFilter, RepositorySort } from '@shipdeck/shared/github';
import { errorMessages } from '@shipdeck/shared/messages';
import { FolderGit2 } from 'lucide-react';
import { useRepositories } from '../api/get-repositories';
import { RepositoryRow } from './repository-row';
import { type ListOption, SearchableList, type SearchableListTexts } from './searchable-list';

const filterOptions: ListOption<RepositoryFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
  { value: 'fork', label: 'Forks' },
];

const sortOptions: ListOption<RepositorySort>[] = [
  { value: 'updated', label: 'Updated' },
  { value: 'name', label: 'Name' },
  { value: 'stars', label: 'Stars' },
  { value: 'forks', label: 'Forks' },
];

const texts: SearchableListTexts = {
  search: 'Search repositories',
  loading: 'Loading repositories…',
  loadError: errorMessages.loadRepositories,
  emptyTitle: 'No repositories yet',
  emptyDescription: 'Repositories you own or collaborate on will show up here.',
  noMatchTitle: 'No repositories match',
  one: 'repository',
  other: 'repositories',
  pagination: 'Repositories',
};

/** The repositories page: every repository, searched, filtered, sorted and paged by the server. */
export function RepositoriesView() {
  return (
    <SearchableList
      filterOptions={filterOptions}
      sortOptions={sortOptions}
      defaultFilter="all"
      defaultSort="updated"
      perPage={pageSizes.repositoriesPage}
      useListQuery={useRepositories}
      getItems={(data) => data.repositories}
      getItemKey={(repository) => repository.id}
      renderItem={(repository) => <RepositoryRow repository={repository} />}
      emptyIcon={<FolderGit2 />}
      countId="repositories-count"
      texts={texts}
    />
  );
}
