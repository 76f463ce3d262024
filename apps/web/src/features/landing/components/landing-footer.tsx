import type { ComponentType, SVGProps } from 'react';
import { Logo } from '@/components/icons/logo';
import { VercelIcon } from '@/components/icons/vercel-icon';
import { XIcon } from '@/components/icons/x-icon';
import { env } from '@/config/env';
import { serverPaths } from '@/config/paths';

const SOCIAL: readonly {
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}[] = [
  { label: 'X', href: 'https://x.com', icon: XIcon },
  { label: 'Vercel', href: 'https://vercel.com', icon: VercelIcon },
];

export function LandingFooter() {
  return (
    <footer className="border-t border-zinc-200 dark:border-zinc-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <Logo className="text-zinc-900 dark:text-zinc-50" />
          <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">
            The self-hosted dashboard for developers who ship on GitHub and Vercel.
          </p>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            © {env.buildYear} Shipdeck ·{' '}
            <a
              href={serverPaths.docs}
              className="hover:text-zinc-900 hover:underline dark:hover:text-zinc-200"
            >
              API documentation
            </a>
          </p>
        </div>
        <nav aria-label="Social">
          <ul className="flex items-center gap-1">
            {SOCIAL.map(({ label, href, icon: Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} (opens in a new tab)`}
                  title={label}
                  className="flex size-9 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
                >
                  <Icon className="size-4" />
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
