import type { Repository } from '@shipdeck/shared/github';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { formatDate } from '@/utils/format-date';
import { formatNumber } from '@/utils/format-number';
import { LanguageLabel } from './language-label';

/** A value's place while the repository loads: a line of the same height, so nothing shifts. */
const pending = (
  <span
    aria-hidden="true"
    className="inline-block h-4 w-16 animate-pulse rounded bg-zinc-200 align-middle dark:bg-zinc-800"
  />
);

/** The repository's figures; without `repository` (still loading), the same rows held empty. */
export function RepositoryInfoCard({ repository }: { repository?: Repository }) {
  const value = (read: (repository: Repository) => ReactNode) =>
    repository ? read(repository) : pending;
  return (
    <Card aria-labelledby="repository-info-title" aria-busy={repository ? undefined : true}>
      <CardHeader icon={<Info />} title="Repository Info" titleId="repository-info-title" />
      <CardBody>
        <DescriptionList
          items={[
            {
              term: 'Default branch',
              value: value((r) => <span className="font-mono text-xs">{r.default_branch}</span>),
            },
            {
              term: 'Language',
              value: value((r) => (r.language ? <LanguageLabel language={r.language} /> : '—')),
            },
            { term: 'Stars', value: value((r) => formatNumber(r.stargazers_count)) },
            { term: 'Forks', value: value((r) => formatNumber(r.forks_count)) },
            { term: 'Watchers', value: value((r) => formatNumber(r.watchers_count)) },
            { term: 'Open issues', value: value((r) => formatNumber(r.open_issues_count)) },
            { term: 'Size', value: value((r) => `${formatNumber(r.size)} KB`) },
            { term: 'Created', value: value((r) => formatDate(r.created_at)) },
            { term: 'Updated', value: value((r) => formatDate(r.updated_at)) },
          ]}
        />
      </CardBody>
    </Card>
  );
}
