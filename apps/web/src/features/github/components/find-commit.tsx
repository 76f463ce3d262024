import { commitRefSchema, type CommitLiveResult } from '@shipdeck/shared/commit-live';
import { CircleDashed, Radio, Search, SearchX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { shortSha } from '@/utils/short-sha';
import { useCommitLive } from '../api/get-commit-live';

type FindCommitProps = { owner: string; repo: string };

const deploymentLinkClass =
  'font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-400';

function DeploymentLink({
  deployment,
}: {
  deployment: NonNullable<CommitLiveResult['deployment']>;
}) {
  return (
    <Link
      to={`${paths.deployments}/${encodeURIComponent(deployment.id)}`}
      className={deploymentLinkClass}
    >
      {deployment.projectName}
      {deployment.commitSha ? ` @ ${shortSha(deployment.commitSha)}` : ''}
    </Link>
  );
}

/** The answer in words: live and through which deployment, not live yet, or no production. */
function LiveAnswer({ answer }: { answer: CommitLiveResult }) {
  const sha = <span className="font-mono">{shortSha(answer.sha)}</span>;
  if (answer.live && answer.deployment) {
    return (
      <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        <span className="inline-flex items-center gap-1 rounded-full border border-emerald-200 bg-emerald-50 px-1.5 py-px text-xs font-medium text-emerald-700 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-300 [&_svg]:size-3">
          <Radio aria-hidden="true" />
          Live in production
        </span>
        <span>
          {sha} {answer.via === 'deployment' ? 'was deployed by' : 'is included in'}{' '}
          <DeploymentLink deployment={answer.deployment} />
        </span>
      </p>
    );
  }
  if (answer.deployment) {
    return (
      <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        <span className="inline-flex items-center gap-1 rounded-full border border-zinc-200 bg-zinc-50 px-1.5 py-px text-xs font-medium text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 [&_svg]:size-3">
          <CircleDashed aria-hidden="true" />
          Not live yet
        </span>
        <span>
          Production runs <DeploymentLink deployment={answer.deployment} />, which does not contain{' '}
          {sha}.
        </span>
      </p>
    );
  }
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300">
      {sha} is not live: no Vercel project linked to this repository has a production deployment.
    </p>
  );
}

/**
 * "Is this commit live?" for any commit of the repository, by full SHA or a prefix of at least 7
 * characters, beyond the page of commits shown below it.
 */
export function FindCommit({ owner, repo }: FindCommitProps) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const query = useCommitLive({ owner, repo, sha: asked ?? '', enabled: asked !== null });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = commitRefSchema.safeParse(text);
    setInvalid(!parsed.success);
    setAsked(parsed.success ? parsed.data : null);
  };

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="border-b border-zinc-100 px-4 py-3 sm:px-5 dark:border-zinc-800">
      <form onSubmit={onSubmit} role="search" aria-label="Find a commit" noValidate>
        <label
          htmlFor={inputId}
          className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300"
        >
          Find a commit
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="SHA or its first 7+ characters"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={hintId}
            className="font-mono"
          />
          <Button type="submit" variant="outline" disabled={asked !== null && query.isFetching}>
            <Search aria-hidden="true" />
            Is it live?
          </Button>
        </div>
      </form>
      <div id={hintId} aria-live="polite" className="mt-2 empty:hidden">
        {invalid ? (
          <p className="text-sm text-red-700 dark:text-red-400">
            Enter a commit SHA, or at least its first 7 characters (0–9, a–f).
          </p>
        ) : asked === null ? null : query.isPending ? (
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner label="Checking production…" />
          </span>
        ) : notFound ? (
          <p className="flex items-center gap-1.5 text-sm text-zinc-700 dark:text-zinc-300 [&_svg]:size-4">
            <SearchX aria-hidden="true" />
            No commit <span className="font-mono">{asked}</span> in {owner}/{repo}.
          </p>
        ) : query.isError ? (
          <p className="text-sm text-red-700 dark:text-red-400">
            Could not check this commit: {query.error.message}
          </p>
        ) : (
          <LiveAnswer answer={query.data} />
        )}
      </div>
    </div>
  );
}
