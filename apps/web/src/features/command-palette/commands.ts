import { paths } from '@/config/paths';

/** A page or action of the app itself, matched in the browser (the server knows nothing of them). */
export type Command = {
  id: string;
  group: 'pages' | 'actions';
  label: string;
  /** Other words it is found by. */
  keywords: readonly string[];
  /** A page: where it opens. */
  to?: string;
  action?: 'connect-vercel' | 'toggle-theme' | 'sign-out';
};

export const pageCommands: readonly Command[] = [
  { id: 'dashboard', group: 'pages', label: 'Dashboard', keywords: ['home'], to: paths.dashboard },
  {
    id: 'repositories',
    group: 'pages',
    label: 'Repositories',
    keywords: ['repos', 'github'],
    to: paths.repositories,
  },
  {
    id: 'pull-requests',
    group: 'pages',
    label: 'Pull requests',
    keywords: ['prs', 'reviews'],
    to: paths.pullRequests,
  },
  {
    id: 'deployments',
    group: 'pages',
    label: 'Deployments',
    keywords: ['vercel', 'deploys', 'builds'],
    to: paths.deployments,
  },
  {
    id: 'insights',
    group: 'pages',
    label: 'Insights',
    keywords: ['dora', 'metrics', 'stats'],
    to: paths.insights,
  },
  {
    id: 'notifications',
    group: 'pages',
    label: 'Notifications',
    keywords: ['inbox', 'alerts'],
    to: paths.notifications,
  },
  {
    id: 'profile',
    group: 'pages',
    label: 'Profile',
    keywords: ['account', 'password'],
    to: paths.profile,
  },
  {
    id: 'settings',
    group: 'pages',
    label: 'Settings',
    keywords: ['preferences', 'integrations', 'account'],
    to: paths.settings,
  },
];

export const actionCommands = (vercelConnected: boolean, theme: 'dark' | 'light'): Command[] => [
  {
    id: 'connect-vercel',
    group: 'actions',
    label: vercelConnected ? 'Vercel connection' : 'Connect Vercel',
    keywords: ['vercel', 'integrations', 'token'],
    action: 'connect-vercel',
  },
  {
    id: 'toggle-theme',
    group: 'actions',
    label: theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme',
    keywords: ['theme', 'dark', 'light', 'appearance', 'mode'],
    action: 'toggle-theme',
  },
  {
    id: 'sign-out',
    group: 'actions',
    label: 'Sign out',
    keywords: ['log out', 'logout', 'sign off'],
    action: 'sign-out',
  },
];

/**
 * The commands matching `q`, best first: the label starting with it, then a word of the label,
 * then a keyword starting with it, then the label containing it. Every command for an empty text.
 * `strong`: found by its label's start or a word of it; the others (a keyword, the inside of a
 * word) come after what the server found.
 */
export function matchCommands(
  commands: readonly Command[],
  q: string,
): { command: Command; strong: boolean }[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return commands.map((command) => ({ command, strong: true }));
  const scored: { command: Command; score: number; index: number }[] = [];
  commands.forEach((command, index) => {
    const label = command.label.toLowerCase();
    const score = label.startsWith(needle)
      ? 0
      : label.split(/\s+/).some((word) => word.startsWith(needle))
        ? 1
        : command.keywords.some((word) => word.startsWith(needle))
          ? 2
          : label.includes(needle)
            ? 3
            : -1;
    if (score >= 0) scored.push({ command, score, index });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map(({ command, score }) => ({ command, strong: score < 2 }));
}
