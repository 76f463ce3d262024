import type { Repository, RepositoryFilter, RepositorySort } from '@shipdeck/shared/github';

const byFilter: Record<RepositoryFilter, (repo: Repository) => boolean> = {
  all: () => true,
  public: (repo) => !repo.private,
  private: (repo) => repo.private,
  fork: (repo) => repo.fork,
};

const time = (value: string | null) => (value ? Date.parse(value) : 0);

const bySort: Record<RepositorySort, (a: Repository, b: Repository) => number> = {
  updated: (a, b) => time(b.updated_at) - time(a.updated_at),
  name: (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  stars: (a, b) => b.stargazers_count - a.stargazers_count,
  forks: (a, b) => b.forks_count - a.forks_count,
};

/** Search, filter and sort over every repository, so a page shows the right slice of all of them. */
export function selectRepositories(
  repositories: Repository[],
  options: { q?: string | undefined; filter: RepositoryFilter; sort: RepositorySort },
): Repository[] {
  const needle = options.q?.toLowerCase();
  return repositories
    .filter(byFilter[options.filter])
    .filter(
      (repo) =>
        !needle ||
        repo.full_name.toLowerCase().includes(needle) ||
        (repo.description ?? '').toLowerCase().includes(needle),
    )
    .sort(bySort[options.sort]);
}
