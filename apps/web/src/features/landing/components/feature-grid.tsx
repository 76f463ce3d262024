import {
  Activity,
  BellRing,
  FolderGit2,
  GitBranch,
  GitPullRequest,
  type LucideIcon,
  MoonStar,
  Rocket,
  Server,
} from 'lucide-react';
import { SectionHeading } from './section-heading';

const FEATURES: readonly { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: FolderGit2,
    title: 'Every repository',
    body: 'Search, filter and sort all your repositories, public, private and forks, not just the page on screen.',
  },
  {
    icon: GitPullRequest,
    title: 'Pull requests across repos',
    body: 'What you authored, what waits for your review and what is assigned to you, in one list.',
  },
  {
    icon: Rocket,
    title: 'Deployment status',
    body: 'See which Vercel deployments are ready, building or failed, next to the commits that caused them.',
  },
  {
    icon: GitBranch,
    title: 'Commits and branches',
    body: 'Recent commits, branches and open pull requests for each repository on a single page.',
  },
  {
    icon: Activity,
    title: 'Languages and activity',
    body: 'Language breakdowns with GitHub’s own colours and activity over the last 30 days.',
  },
  {
    icon: BellRing,
    title: 'Notifications that matter',
    body: 'Merged pull requests, failed deployments and new commits, pushed live from your providers.',
  },
  {
    icon: MoonStar,
    title: 'Light and dark',
    body: 'Follows your system theme, or pick one. Keyboard friendly and readable at any width.',
  },
  {
    icon: Server,
    title: 'Yours to host',
    body: 'One process, SQLite by default, PostgreSQL when you grow. Provider tokens stay encrypted on your server.',
  },
];

export function FeatureGrid() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-16 border-b border-zinc-200 py-16 sm:py-24 dark:border-zinc-800"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you check before and after you ship"
          description="Shipdeck reads what GitHub and Vercel already know and lays it out the way you work."
        />
        <ul className="mt-10 grid gap-px overflow-hidden rounded-xl border border-zinc-200 bg-zinc-200 sm:grid-cols-2 lg:grid-cols-4 dark:border-zinc-800 dark:bg-zinc-800">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="bg-white p-5 dark:bg-zinc-950">
              <Icon aria-hidden="true" className="size-5 text-blue-600 dark:text-blue-400" />
              <h3 className="mt-3 text-sm font-semibold text-zinc-900 dark:text-zinc-50">
                {title}
              </h3>
              <p className="mt-1.5 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">
                {body}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
