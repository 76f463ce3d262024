import { truncation } from '@shipdeck/shared/constants';
import type { Repository } from '@shipdeck/shared/github';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { truncate } from '@/utils/truncate';
import { RepositoryBadges } from './repository-badges';
import { RepositoryMeta } from './repository-meta';

/** A recently updated repository on the dashboard. */
export function RepositoryCard({ repository }: { repository: Repository }) {
  return (
    <li className="flex min-w-0 flex-col rounded-md border border-zinc-200 p-3.5 dark:border-zinc-800">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Link
          to={paths.repo(repository.owner.login, repository.name)}
          className="min-w-0 text-sm font-semibold wrap-anywhere text-blue-700 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-400"
        >
          {repository.name}
        </Link>
        <RepositoryBadges repository={repository} />
      </div>
      <p className="mt-1 mb-3 flex-1 text-sm wrap-anywhere text-zinc-600 dark:text-zinc-400">
        {repository.description ? (
          truncate(repository.description, truncation.repositoryDescription)
        ) : (
          <span className="text-zinc-400 italic dark:text-zinc-500">No description</span>
        )}
      </p>
      <RepositoryMeta repository={repository} />
    </li>
  );
}
