import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function ClosingCta({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="closing-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="rounded-2xl border border-zinc-200 bg-zinc-950 px-6 py-12 text-center sm:px-12 dark:border-zinc-800 dark:bg-zinc-900">
          <h2
            id="closing-title"
            className="text-2xl font-semibold tracking-tight text-balance text-white sm:text-3xl"
          >
            See everything you ship, in one place
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-base text-zinc-400">
            Free forever, no setup and no credit card. Bring your GitHub account and be looking at
            your own repositories in a minute.
          </p>
          <div className="mt-8 flex justify-center">
            <Button asChild size="lg" variant="inverse">
              <Link to={signedIn ? paths.dashboard : paths.signup}>
                {signedIn ? 'Go to your dashboard' : 'Create your free account'}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
