import { pageSizes, truncation } from '@shipdeck/shared/constants';
import type { Commit } from '@shipdeck/shared/github';
import { errorMessages } from '@shipdeck/shared/messages';
import { GitCommitHorizontal } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { shortSha } from '@/utils/short-sha';
import { firstLine, truncate } from '@/utils/truncate';
import { externalUrl } from '@/utils/external-url';
import { useCommits } from '../api/get-commits';
import { GithubLoadError } from './github-load-error';

function CommitItem({ commit }: { commit: Commit }) {
  const sha = shortSha(commit.sha);
  const author = commit.author?.login ?? commit.commit.author?.name ?? 'Unknown author';
  const date = commit.commit.author?.date ?? commit.commit.committer?.date ?? null;
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-5">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium wrap-anywhere text-zinc-900 dark:text-zinc-100">
          {truncate(firstLine(commit.commit.message), truncation.commitMessage) || '(no message)'}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-1 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="wrap-anywhere">{author}</span>
          <span aria-hidden="true">·</span>
          <RelativeTime value={date} prefix="committed" />
        </p>
      </div>
      <a
        href={externalUrl(commit.html_url)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Commit ${sha} on GitHub`}
        className="shrink-0 rounded-md border border-zinc-200 px-2 py-0.5 font-mono text-xs text-zinc-700 hover:border-zinc-300 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {sha}
      </a>
    </li>
  );
}

/** The repository's latest commits on its default branch (first page of ten). */
export function CommitList({ owner, repo }: { owner: string; repo: string }) {
  const query = useCommits({ owner, repo, page: 1, perPage: pageSizes.repoPageCommits });
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12 text-sm text-zinc-500 dark:text-zinc-400">
        <Spinner label="Loading commits…" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <GithubLoadError
        title={errorMessages.loadRepositoryData}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="m-4 border-dashed py-8"
      />
    );
  }
  if (query.data.commits.length === 0) {
    return (
      <EmptyState
        icon={<GitCommitHorizontal />}
        headingLevel="h3"
        title="No commits yet"
        className="m-4"
      />
    );
  }
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {query.data.commits.map((commit) => (
        <CommitItem key={commit.sha} commit={commit} />
      ))}
    </ul>
  );
}
