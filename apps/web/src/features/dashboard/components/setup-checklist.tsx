import type { User } from '@shipdeck/shared/auth';
import { CheckCircle2, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardHeader } from '@/components/ui/card';

type Step = { label: string; done: boolean; detail: ReactNode };

/** Where this account stands, read from the user the server returned; nothing invented. */
export function SetupChecklist({ user }: { user: User }) {
  const steps: Step[] = [
    { label: 'Create your Shipdeck account', done: true, detail: `Signed in as ${user.username}` },
    {
      label: 'Connect GitHub',
      done: user.githubId !== null,
      detail:
        user.githubId !== null
          ? `Connected as ${user.githubLogin ?? 'your GitHub account'}`
          : 'Not connected yet: repositories, pull requests and activity need it.',
    },
    {
      label: 'Connect Vercel',
      done: user.vercelConnected,
      detail: user.vercelConnected
        ? `Connected as ${user.vercel?.teamName ?? user.vercel?.teamSlug ?? user.vercel?.username ?? 'your Vercel account'}`
        : user.vercel?.status === 'reconnect'
          ? 'Vercel no longer accepts the token: reconnect it in Settings.'
          : 'Not connected yet: connect Vercel in Settings to see projects and deployments.',
    },
  ];
  const completed = steps.filter((step) => step.done).length;
  return (
    <Card aria-labelledby="setup-title">
      <CardHeader
        title="Get set up"
        titleId="setup-title"
        description={`${completed} of ${steps.length} steps complete`}
      />
      <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {steps.map((step) => (
          <li key={step.label} className="flex items-start gap-3 px-4 py-3 sm:px-5">
            {step.done ? (
              <CheckCircle2
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
              />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
            )}
            <div className="min-w-0 text-sm">
              <p className="font-medium text-zinc-900 dark:text-zinc-100">
                {step.label}
                <span className="sr-only">{step.done ? ' (done)' : ' (not done)'}</span>
              </p>
              <p className="text-zinc-500 dark:text-zinc-400">{step.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
