import type { Repository } from '@shipdeck/shared/github';
import { CircleDot, GitFork, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatNumber } from '@/utils/format-number';
import { LanguageLabel } from './language-label';

type RepositoryMetaProps = {
  repository: Repository;
  /** Show the open-issue count too (the repositories page does, the dashboard does not). */
  showIssues?: boolean;
};

function Count({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-1 [&_svg]:size-3.5">
      {icon}
      {formatNumber(value)}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

/** Language, stars, forks, (issues) and last update: one wrapping line of small facts. */
export function RepositoryMeta({ repository, showIssues = false }: RepositoryMetaProps) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
      <LanguageLabel language={repository.language} />
      <Count icon={<Star aria-hidden="true" />} value={repository.stargazers_count} label="stars" />
      <Count icon={<GitFork aria-hidden="true" />} value={repository.forks_count} label="forks" />
      {showIssues ? (
        <Count
          icon={<CircleDot aria-hidden="true" />}
          value={repository.open_issues_count}
          label="open issues"
        />
      ) : null}
      <RelativeTime value={repository.updated_at} prefix="Updated" />
    </p>
  );
}
