import { CircleDot, ExternalLink, GitBranch, GitPullRequest, Zap } from 'lucide-react';
import { Card, CardHeader } from '@/components/ui/card';

/** Links to the repository's branches, issues and pull requests on GitHub. */
export function RepositoryQuickActions({ htmlUrl }: { htmlUrl: string }) {
  const links = [
    { label: 'View branches', href: `${htmlUrl}/branches`, icon: <GitBranch /> },
    { label: 'View issues', href: `${htmlUrl}/issues`, icon: <CircleDot /> },
    { label: 'View pull requests', href: `${htmlUrl}/pulls`, icon: <GitPullRequest /> },
  ];
  return (
    <Card aria-labelledby="repository-actions-title">
      <CardHeader icon={<Zap />} title="Quick Actions" titleId="repository-actions-title" />
      <ul className="py-1">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-3 px-4 py-2 text-sm text-zinc-700 hover:bg-zinc-50 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-600 sm:px-5 dark:text-zinc-300 dark:hover:bg-zinc-800/50 dark:hover:text-zinc-50 [&_svg]:size-4 [&_svg]:text-zinc-500"
            >
              {link.icon}
              <span className="flex-1">{link.label}</span>
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens on GitHub)</span>
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
