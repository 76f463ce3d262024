import type { Repository } from '@shipdeck/shared/github';
import { Info } from 'lucide-react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { formatDate } from '@/utils/format-date';
import { formatNumber } from '@/utils/format-number';
import { LanguageLabel } from './language-label';

export function RepositoryInfoCard({ repository }: { repository: Repository }) {
  return (
    <Card aria-labelledby="repository-info-title">
      <CardHeader icon={<Info />} title="Repository Info" titleId="repository-info-title" />
      <CardBody>
        <DescriptionList
          items={[
            {
              term: 'Default branch',
              value: <span className="font-mono text-xs">{repository.default_branch}</span>,
            },
            {
              term: 'Language',
              value: repository.language ? <LanguageLabel language={repository.language} /> : '—',
            },
            { term: 'Stars', value: formatNumber(repository.stargazers_count) },
            { term: 'Forks', value: formatNumber(repository.forks_count) },
            { term: 'Watchers', value: formatNumber(repository.watchers_count) },
            { term: 'Open issues', value: formatNumber(repository.open_issues_count) },
            { term: 'Size', value: `${formatNumber(repository.size)} KB` },
            { term: 'Created', value: formatDate(repository.created_at) },
            { term: 'Updated', value: formatDate(repository.updated_at) },
          ]}
        />
      </CardBody>
    </Card>
  );
}
