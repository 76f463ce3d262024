import { pageSizes, truncation } from '@shipdeck/shared/constants';
import type { Commit } from '@shipdeck/shared/github';
import type { Pagination } from '@shipdeck/shared/pagination';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, GitCommitHorizontal } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import { shortSha } from '@/utils/short-sha';
import { firstLine, truncate } from '@/utils/truncate';
import { externalUrl } from '@/utils/external-url';
import { getCommitsQueryOptions } from '../api/get-commits';
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

/** Previous / Next over the commits; "of N" only when the server knows where the list ends. */
function CommitPager({
  page,
  pagination,
  busy,
  onPageChange,
}: {
  page: number;
  pagination: Pagination;
  busy: boolean;
  onPageChange: (page: number) => void;
}) {
  if (!pagination.hasPrev && !pagination.hasNext) return null;
  // Past the synced commits the server reads GitHub page by page and may not know the total.
  const knowsEnd = pagination.hasNext === page < pagination.totalPages;
  return (
    <nav
      aria-label="Commits pages"
      className="flex items-center justify-between gap-3 border-t border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800"
    >
      <Button
        variant="outline"
        size="sm"
        disabled={!pagination.hasPrev || busy}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
        Page {page}
        {knowsEnd ? ` of ${pagination.totalPages}` : ''}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={!pagination.hasNext || busy}
        onClick={() => onPageChange(page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** The repository's commits on its default branch, ten a page (the spec's page size). */
type CommitListProps = {
  owner: string;
  repo: string;
  /** Extra marks under a commit (e.g. whether a deployment serves it, its stage). */
  renderMarks?: (commit: { sha: string; committedAt: string | null }) => ReactNode;
};

export function CommitList({ owner, repo, renderMarks }: CommitListProps) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...getCommitsQueryOptions({ owner, repo, page, perPage: pageSizes.repoPageCommits }),
    // The current page stays on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
  return (
    <>
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
      {query.data ? (
        <CommitPager
          page={page}
          pagination={query.data.pagination}
          busy={query.isPlaceholderData}
          onPageChange={setPage}
        />
      ) : null}
    </>
  );
}
