import { ExternalLink, GitPullRequest, Plus, Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardHeader } from '@/components/ui/card';
import { externalLinks, githubWebPaths, paths } from '@/config/paths';
import { useGithubWebLink } from '@/features/meta/api/get-meta';

const rowClass =
  'flex items-center gap-3 px-4 py-3 text-sm text-zinc-700 transition-colors hover:bg-zinc-50 sm:px-5 dark:text-zinc-300 dark:hover:bg-zinc-800/50';

function Row({
  icon,
  label,
  hint,
  external,
}: {
  icon: ReactNode;
  label: string;
  hint: string;
  external?: boolean;
}) {
  return (
    <>
      <span className="flex size-8 items-center justify-center rounded-md border border-zinc-200 text-zinc-600 dark:border-zinc-700 dark:text-zinc-300 [&_svg]:size-4">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-zinc-900 dark:text-zinc-100">{label}</span>
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">{hint}</span>
      </span>
      {external ? <ExternalLink aria-hidden="true" className="size-3.5 text-zinc-400" /> : null}
    </>
  );
}

export function QuickActions() {
  const newRepositoryLink = useGithubWebLink(githubWebPaths.newRepository);
  return (
    <Card aria-labelledby="quick-actions-title">
      <CardHeader title="Quick Actions" titleId="quick-actions-title" />
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        <li>
          <a
            href={newRepositoryLink}
            target="_blank"
            rel="noopener noreferrer"
            className={rowClass}
          >
            <Row
              icon={<Plus />}
              label="Create Repository"
              hint="New repository on GitHub"
              external
            />
          </a>
        </li>
        <li>
          <Link to={paths.pullRequests} className={rowClass}>
            <Row
              icon={<GitPullRequest />}
              label="View Pull Requests"
              hint="Across all your repositories"
            />
          </Link>
        </li>
        <li>
          <a
            href={externalLinks.vercelNew}
            target="_blank"
            rel="noopener noreferrer"
            className={rowClass}
          >
            <Row
              icon={<Rocket />}
              label="Deploy to Vercel"
              hint="Import a project on vercel.com"
              external
            />
          </a>
        </li>
      </ul>
    </Card>
  );
}
