import { EyeOff, Layers, TimerOff } from 'lucide-react';
import { SectionHeading } from './section-heading';

const PROBLEMS = [
  {
    icon: Layers,
    title: 'Six tabs to answer one question',
    body: 'Is my change live? That means GitHub for the merge, Vercel for the build and a chat thread for context.',
  },
  {
    icon: EyeOff,
    title: 'Failed deployments hide',
    body: 'A broken build sits in another dashboard until a user finds it for you.',
  },
  {
    icon: TimerOff,
    title: 'Reviews go stale',
    body: 'Pull requests waiting on you are spread over a dozen repositories, so some wait for days.',
  },
] as const;

export function ProblemsSection() {
  return (
    <section
      id="problems"
      aria-labelledby="problems-title"
      className="scroll-mt-16 border-b border-zinc-200 bg-zinc-50 py-16 sm:py-24 dark:border-zinc-800 dark:bg-zinc-900/30"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="problems-title"
          eyebrow="The problem"
          title="Shipping is scattered"
          description="Your code lives in one place, your deployments in another, and the state of your work in neither."
        />
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {PROBLEMS.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-950"
            >
              <Icon aria-hidden="true" className="size-5 text-zinc-500 dark:text-zinc-400" />
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
