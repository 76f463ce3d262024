import { BookOpen, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { GithubIcon } from '@/components/icons/github-icon';
import { VercelIcon } from '@/components/icons/vercel-icon';
import { Card, CardHeader } from '@/components/ui/card';
import { externalLinks, githubWebPaths, serverPaths } from '@/config/paths';
import { useGithubWebLink } from '@/features/meta/api/get-meta';

type QuickLink = { label: string; href: string | undefined; icon: ReactNode; external: boolean };

const OTHER_LINKS: readonly QuickLink[] = [
  {
    label: 'Vercel dashboard',
    href: externalLinks.vercelDashboard,
    icon: <VercelIcon />,
    external: true,
  },
  { label: 'API documentation', href: serverPaths.docs, icon: <BookOpen />, external: false },
];

export function QuickLinksCard() {
  const links: QuickLink[] = [
    {
      label: 'GitHub dashboard',
      href: useGithubWebLink(githubWebPaths.dashboard),
      icon: <GithubIcon />,
      external: true,
    },
    ...OTHER_LINKS,
  ];
  return (
    <Card aria-labelledby="quick-links-title">
      <CardHeader icon={<ExternalLink />} title="Quick Links" titleId="quick-links-title" />
      <ul className="py-1">
        {links.map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className="flex items-center gap-3 px-4 py-2 text-sm text-zinc-700 hover:bg-zinc-50 hover:text-zinc-900 sm:px-5 dark:text-zinc-300 dark:hover:bg-zinc-800/50 dark:hover:text-zinc-50 [&_svg]:size-4 [&_svg]:text-zinc-500"
            >
              {link.icon}
              <span className="flex-1">{link.label}</span>
              {link.external ? (
                <>
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
