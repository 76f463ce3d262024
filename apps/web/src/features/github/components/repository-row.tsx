import { truncation } from '@shipdeck/shared/constants';
import type { Repository } from '@shipdeck/shared/github';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { truncate } from '@/utils/truncate';
import { RepositoryBadges } from './repository-badges';
import { RepositoryMeta } from './repository-meta';

/** One repository on the repositories page. Every text in it comes from GitHub: treat as data. */
export function RepositoryRow({ repository }: { repository: Repository }) {
  return (
    <li className="px-4 py-4 sm:px-5">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Link
          to={paths.repo(repository.owner.login, repository.name)}
          className="min-w-0 text-sm font-semibold wrap-anywhere text-blue-700 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-400"
        >
          {repository.full_name}
        </Link>
        <RepositoryBadges repository={repository} />
      </div>
      {repository.description ? (
        <p className="mt-1 text-sm wrap-anywhere text-zinc-600 dark:text-zinc-400">
          {truncate(repository.description, truncation.repositoryDescription)}
        </p>
      ) : null}
      <div className="mt-2">
        <RepositoryMeta repository={repository} showIssues />
      </div>
    </li>
  );
}
