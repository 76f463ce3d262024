import { truncation } from '@shipdeck/shared/constants';
import type { Repository } from '@shipdeck/shared/github';
import { truncate } from '@/utils/truncate';
import { RepositoryMeta } from './repository-meta';
import { RepositoryTitle } from './repository-title';

/** One repository on the repositories page. Every text in it comes from GitHub: treat as data. */
export function RepositoryRow({ repository }: { repository: Repository }) {
  return (
    <li className="px-4 py-4 sm:px-5">
      <RepositoryTitle repository={repository} showOwner />
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
