import type { Repository } from '@shipdeck/shared/github';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { RepositoryBadges } from './repository-badges';

/** A repository's link to its page, with its visibility and fork badges beside it. */
export function RepositoryTitle({
  repository,
  showOwner = false,
}: {
  repository: Repository;
  showOwner?: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Link
        to={paths.repo(repository.owner.login, repository.name)}
        className="min-w-0 text-sm font-semibold wrap-anywhere text-blue-700 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-400"
      >
        {showOwner ? repository.full_name : repository.name}
      </Link>
      <RepositoryBadges repository={repository} />
    </div>
  );
}
