import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { GithubGate } from '@/features/github/components/github-gate';
import { NoGithubData } from '@/features/github/components/no-github-data';

export function RepositoryRoute() {
  const { owner = '', repo = '' } = useParams();
  return (
    <>
      <title>{`${owner}/${repo} · Shipdeck`}</title>
      <Link
        to={paths.repositories}
        className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Repositories
      </Link>
      <PageHeader
        title={
          <>
            <span className="font-normal text-zinc-500 dark:text-zinc-400">{owner} / </span>
            {repo}
          </>
        }
        description="Commits, pull requests and deployment status for this repository."
      />
      <GithubGate subject={`${owner}/${repo}`}>
        <NoGithubData subject="commits or pull requests" />
      </GithubGate>
    </>
  );
}
