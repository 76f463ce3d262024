import { PageHeader } from '@/components/ui/page-header';
import { GithubGate } from '@/features/github/components/github-gate';
import { NoGithubData } from '@/features/github/components/no-github-data';

export function RepositoriesRoute() {
  return (
    <>
      <title>Repositories · Shipdeck</title>
      <PageHeader
        title="Repositories"
        description="Every repository you own or collaborate on, searchable and sortable."
      />
      <GithubGate subject="your repositories">
        <NoGithubData subject="repositories" />
      </GithubGate>
    </>
  );
}
