import { truncation } from '@shipdeck/shared/constants';
import type { Repository } from '@shipdeck/shared/github';
import { truncate } from '@/utils/truncate';
import { RepositoryMeta } from './repository-meta';
import { RepositoryTitle } from './repository-title';

/** A recently updated repository on the dashboard. */
export function RepositoryCard({ repository }: { repository: Repository }) {
  return (
    <li className="flex min-w-0 flex-col rounded-md border border-zinc-200 p-3.5 dark:border-zinc-800">
      <RepositoryTitle repository={repository} />
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
