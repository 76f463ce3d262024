import type { Repository } from '@shipdeck/shared/github';
import { ExternalLink } from 'lucide-react';
import { GithubIcon } from '@/components/icons/github-icon';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { externalUrl } from '@/utils/external-url';
import { RepositoryBadges } from './repository-badges';

type RepositoryHeaderProps = {
  owner: string;
  repo: string;
  /** Absent while loading or when the repository could not be read: the names from the URL stand in. */
  repository?: Repository | undefined;
  /** Holds the description's line while the repository loads, so the page below does not jump. */
  loading?: boolean;
};

export function RepositoryHeader({ owner, repo, repository, loading }: RepositoryHeaderProps) {
  return (
    <PageHeader
      title={
        <span className="wrap-anywhere">
          <span className="font-normal text-zinc-500 dark:text-zinc-400">
            {repository?.owner.login ?? owner} /{' '}
          </span>
          {repository?.name ?? repo}
        </span>
      }
      description={
        repository ? (
          <span className="flex flex-col gap-2">
            {repository.description ? (
              <span className="wrap-anywhere">{repository.description}</span>
            ) : null}
            {repository.private || repository.fork || repository.archived ? (
              <span className="flex flex-wrap gap-1.5">
                <RepositoryBadges repository={repository} size="md" />
              </span>
            ) : null}
          </span>
        ) : loading ? (
          <span
            aria-hidden="true"
            className="block h-5 w-72 max-w-full animate-pulse rounded bg-zinc-100 dark:bg-zinc-800"
          />
        ) : null
      }
      actions={
        repository && externalUrl(repository.html_url) ? (
          <Button asChild variant="outline" size="sm">
            <a href={externalUrl(repository.html_url)} target="_blank" rel="noopener noreferrer">
              <GithubIcon />
              View on GitHub
              <ExternalLink aria-hidden="true" className="text-zinc-400" />
            </a>
          </Button>
        ) : null
      }
    />
  );
}
