import { PrimaryActions } from './primary-actions';

export function HeroSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden border-b border-zinc-200 dark:border-zinc-800"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(37,99,235,0.10),transparent_60%)] dark:bg-[radial-gradient(ellipse_at_top,rgba(96,165,250,0.12),transparent_60%)]"
      />
      <div className="relative mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_0.9fr] lg:items-center">
        <div>
          <p className="mb-5 inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-full border border-zinc-200 bg-white px-3 py-1 text-xs font-medium text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
            <span
              className="size-1.5 rounded-full bg-blue-600 dark:bg-blue-400"
              aria-hidden="true"
            />
            Free forever · No setup · Self-hosted
          </p>
          <h1
            id="hero-title"
            className="text-4xl font-semibold tracking-tight text-balance text-zinc-950 sm:text-5xl dark:text-zinc-50"
          >
            Your code and your deployments, on one deck.
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-pretty text-zinc-600 sm:text-lg dark:text-zinc-400">
            Shipdeck puts your GitHub repositories, commits and pull requests beside your Vercel
            projects and deployments, so you can see what changed, what is waiting for review and
            what is live without juggling tabs.
          </p>
          <div className="mt-8">
            <PrimaryActions signedIn={signedIn} />
          </div>
        </div>
        <div className="min-w-0">
          <div className="overflow-hidden rounded-xl border border-zinc-200 bg-zinc-950 shadow-xl dark:border-zinc-800">
            <div className="flex items-center gap-1.5 border-b border-zinc-800 px-4 py-2.5">
              <span className="size-2.5 rounded-full bg-zinc-700" aria-hidden="true" />
              <span className="size-2.5 rounded-full bg-zinc-700" aria-hidden="true" />
              <span className="size-2.5 rounded-full bg-zinc-700" aria-hidden="true" />
              <span className="ml-2 text-xs text-zinc-400">Terminal</span>
            </div>
            <pre className="px-4 py-5 font-mono whitespace-pre-wrap break-words text-[13px] leading-6 text-zinc-300">
              <code>
                <span className="text-zinc-400"># run your own Shipdeck</span>
                {'\n'}
                <span className="text-blue-400">$</span> npm ci && npm start
                {'\n'}
                <span className="text-zinc-400"># → http://localhost:3000, demo data included</span>
                {'\n\n'}
                <span className="text-zinc-400"># make it yours: add provider credentials</span>
                {'\n'}
                <span className="text-blue-400">$</span> GITHUB_CLIENT_ID=… VERCEL_TOKEN=… npm start
              </code>
            </pre>
          </div>
          <p className="mt-3 text-center text-xs text-zinc-500 dark:text-zinc-400">
            Demo data out of the box. Your real repositories once GitHub and Vercel are connected.
          </p>
        </div>
      </div>
    </section>
  );
}
