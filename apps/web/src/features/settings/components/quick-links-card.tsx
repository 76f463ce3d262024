import { BookOpen, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { GithubIcon } from '@/components/icons/github-icon';
import { VercelIcon } from '@/components/icons/vercel-icon';
import { Card, CardHeader } from '@/components/ui/card';
import { externalLinks, serverPaths } from '@/config/paths';

const LINKS: readonly { label: string; href: string; icon: ReactNode; external: boolean }[] = [
  {
    label: 'GitHub dashboard',
    href: externalLinks.githubDashboard,
    icon: <GithubIcon />,
    external: true,
  },
  {
    label: 'Vercel dashboard',
    href: externalLinks.vercelDashboard,
    icon: <VercelIcon />,
    external: true,
  },
  { label: 'API documentation', href: serverPaths.docs, icon: <BookOpen />, external: false },
];

export function QuickLinksCard() {
  return (
    <Card aria-labelledby="quick-links-title">
      <CardHeader icon={<ExternalLink />} title="Quick Links" titleId="quick-links-title" />
      <ul className="py-1">
        {LINKS.map((link) => (
          <li key={link.href}>
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
