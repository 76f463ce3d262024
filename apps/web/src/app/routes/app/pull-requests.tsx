import { PageHeader } from '@/components/ui/page-header';
import { GithubGate } from '@/features/github/components/github-gate';
import { SyncStatusBar } from '@/features/github/components/sync-status-bar';
import { PullRequestsView } from '@/features/github/components/pull-requests-view';

export function PullRequestsRoute() {
  return (
    <>
      <title>Pull Requests · Shipdeck</title>
      <PageHeader
        title="Pull Requests"
        description="Pull requests you authored, were asked to review or are assigned to, across all your repositories."
      />
      <GithubGate subject="your pull requests">
        <div className="space-y-3">
          <SyncStatusBar />
          <PullRequestsView />
        </div>
      </GithubGate>
    </>
  );
}
