import { Check } from 'lucide-react';
import { SectionHeading } from './section-heading';

const SOLUTIONS = [
  {
    title: 'One dashboard for code and deploys',
    body: 'Repositories, commits, pull requests and Vercel deployments side by side, with the commit behind every deployment.',
  },
  {
    title: 'Failures come to you',
    body: 'Webhooks from GitHub and Vercel update Shipdeck the moment something changes, and the bell tells you.',
  },
  {
    title: 'Your review queue, across every repository',
    body: 'Filter pull requests by open, closed or merged and sort by activity to see what needs you first.',
  },
  {
    title: 'Free forever, no setup',
    body: 'Sign up and you are in. Or run your own copy with two commands; it starts with demo data so you can look around first.',
  },
] as const;

export function SolutionsSection() {
  return (
    <section
      id="solutions"
      aria-labelledby="solutions-title"
      className="scroll-mt-16 border-b border-zinc-200 py-16 sm:py-24 dark:border-zinc-800"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[0.8fr_1.2fr]">
        <SectionHeading
          id="solutions-title"
          eyebrow="The fix"
          title="Shipdeck brings it together"
          description="Connect GitHub, connect Vercel, and the questions you ask every day have one place to be answered."
        />
        <ul className="grid gap-6 sm:grid-cols-2">
          {SOLUTIONS.map(({ title, body }) => (
            <li key={title} className="flex gap-3">
              <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white dark:bg-blue-500">
                <Check aria-hidden="true" className="size-3" strokeWidth={3} />
              </span>
              <div>
                <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">
                  {body}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
