import { PageHeader } from '@/components/ui/page-header';
import { GithubGate } from '@/features/github/components/github-gate';
import { SyncStatusBar } from '@/features/github/components/sync-status-bar';
import { RepositoriesView } from '@/features/github/components/repositories-view';

export function RepositoriesRoute() {
  return (
    <>
      <title>Repositories · Shipdeck</title>
      <PageHeader
        title="Repositories"
        description="Every repository you own or collaborate on, searchable and sortable."
      />
      <GithubGate subject="your repositories">
        <div className="space-y-3">
          <SyncStatusBar />
          <RepositoriesView />
        </div>
      </GithubGate>
    </>
  );
}
