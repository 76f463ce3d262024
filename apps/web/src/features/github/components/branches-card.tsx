import { errorMessages } from '@shipdeck/shared/messages';
import { GitBranch, Lock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/utils/format-number';
import { useBranches } from '../api/get-branches';

/** How many branches are listed before pointing at GitHub for the rest. */
const BRANCHES_SHOWN = 8;

type BranchesCardProps = {
  owner: string;
  repo: string;
  defaultBranch?: string | undefined;
  /** The repository's page on GitHub, for the full list. */
  htmlUrl?: string | undefined;
};

export function BranchesCard({ owner, repo, defaultBranch, htmlUrl }: BranchesCardProps) {
  const query = useBranches(owner, repo);
  const branches = query.data ?? [];
  // The default branch first, then the order GitHub gives.
  const sorted = [...branches].sort(
    (a, b) => Number(b.name === defaultBranch) - Number(a.name === defaultBranch),
  );
  const hidden = sorted.length - BRANCHES_SHOWN;
  return (
    <Card aria-labelledby="branches-title">
      <CardHeader
        icon={<GitBranch />}
        title="Branches"
        titleId="branches-title"
        description={
          query.data
            ? `${formatNumber(branches.length)} ${branches.length === 1 ? 'branch' : 'branches'}`
            : undefined
        }
      />
      {query.isPending ? (
        <div className="px-4 py-4 sm:px-5">
          <Spinner label="Loading branches…" className="text-zinc-400" />
        </div>
      ) : query.isError ? (
        <p className="px-4 py-4 text-sm text-zinc-500 sm:px-5 dark:text-zinc-400">
          {errorMessages.loadRepositoryData}
        </p>
      ) : (
        <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
          {sorted.slice(0, BRANCHES_SHOWN).map((branch) => (
            <li key={branch.name} className="flex items-center gap-2 px-4 py-2 sm:px-5">
              <span className="min-w-0 flex-1 font-mono text-xs wrap-anywhere text-zinc-800 dark:text-zinc-200">
                {branch.name}
              </span>
              {branch.name === defaultBranch ? (
                <Badge size="sm" variant="primary">
                  default
                </Badge>
              ) : null}
              {branch.protected ? (
                <Lock aria-label="Protected" className="size-3.5 shrink-0 text-zinc-400" />
              ) : null}
            </li>
          ))}
          {hidden > 0 ? (
            <li className="px-4 py-2 text-xs text-zinc-500 sm:px-5 dark:text-zinc-400">
              {htmlUrl ? (
                <a
                  href={`${htmlUrl}/branches`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="hover:underline"
                >
                  and {formatNumber(hidden)} more on GitHub
                </a>
              ) : (
                `and ${formatNumber(hidden)} more`
              )}
            </li>
          ) : null}
        </ul>
      )}
    </Card>
  );
}
