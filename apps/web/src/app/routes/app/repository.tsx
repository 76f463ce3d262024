import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/hooks/use-session';
import { ConnectGithubPrompt } from '@/features/github/components/connect-github-prompt';
import { RepositoryHeader } from '@/features/github/components/repository-header';
import { RepositoryView } from '@/features/github/components/repository-view';

export function RepositoryRoute() {
  const { owner = '', repo = '' } = useParams();
  const user = useUser();
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
      {user.githubId === null ? (
        <>
          <RepositoryHeader owner={owner} repo={repo} />
          <ConnectGithubPrompt subject={`${owner}/${repo}`} />
        </>
      ) : (
        // A new key per repository: nothing of the previous one (open tab, errors) carries over.
        <RepositoryView key={`${owner}/${repo}`} owner={owner} repo={repo} />
      )}
    </>
  );
}
