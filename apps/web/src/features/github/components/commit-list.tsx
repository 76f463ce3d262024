import { pageSizes, truncation } from '@shipdeck/shared/constants';
import type { Commit } from '@shipdeck/shared/github';
import { GitCommitHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { shortSha } from '@/utils/short-sha';
import { firstLine, truncate } from '@/utils/truncate';
import { externalUrl } from '@/utils/external-url';
import { useCommits } from '../api/get-commits';
import { RepositorySectionList } from './repository-section-list';

function CommitItem({ commit, marks }: { commit: Commit; marks?: ReactNode }) {
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
        {marks}
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
type CommitListProps = {
  owner: string;
  repo: string;
  /** Extra marks under a commit (e.g. whether a deployment serves it, its stage). */
  renderMarks?: (commit: { sha: string; committedAt: string | null }) => ReactNode;
};

export function CommitList({ owner, repo, renderMarks }: CommitListProps) {
  const query = useCommits({ owner, repo, page: 1, perPage: pageSizes.repoPageCommits });
  return (
    <RepositorySectionList
      query={query}
      getItems={(data) => data.commits}
      getItemKey={(commit) => commit.sha}
      renderItem={(commit) => (
        <CommitItem
          commit={commit}
          marks={renderMarks?.({
            sha: commit.sha,
            // When it reached the branch: the committer's date (a rebase or merge sets it).
            committedAt: commit.commit.committer?.date ?? commit.commit.author?.date ?? null,
          })}
        />
      )}
      loadingLabel="Loading commits…"
      emptyIcon={<GitCommitHorizontal />}
      emptyTitle="No commits yet"
    />
  );
}
