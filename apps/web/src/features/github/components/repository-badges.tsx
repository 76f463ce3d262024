import type { Repository } from '@shipdeck/shared/github';
import { Archive, GitFork, Lock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

type RepositoryBadgesProps = {
  repository: Pick<Repository, 'private' | 'fork' | 'archived'>;
  size?: 'sm' | 'md';
};

export function RepositoryBadges({ repository, size = 'sm' }: RepositoryBadgesProps) {
  return (
    <>
      {repository.private ? (
        <Badge variant="secondary" size={size}>
          <Lock aria-hidden="true" />
          Private
        </Badge>
      ) : null}
      {repository.fork ? (
        <Badge variant="secondary" size={size}>
          <GitFork aria-hidden="true" />
          Fork
        </Badge>
      ) : null}
      {repository.archived ? (
        <Badge variant="warning" size={size}>
          <Archive aria-hidden="true" />
          Archived
        </Badge>
      ) : null}
    </>
  );
}
