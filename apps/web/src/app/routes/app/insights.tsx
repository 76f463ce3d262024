import { PageHeader } from '@/components/ui/page-header';
import { GithubSyncBanner } from '@/features/github/components/sync-status-bar';
import { InsightsView } from '@/features/insights/components/insights-view';
import { VercelSyncStatusBar } from '@/features/vercel/components/vercel-sync-status-bar';

export function InsightsRoute() {
  return (
    <>
      <title>Insights · Shipdeck</title>
      <PageHeader
        title="Insights"
        description="DORA's four keys from your production deployments, pull requests and commits, with zero setup."
      />
      <div className="space-y-3">
        <VercelSyncStatusBar />
        <GithubSyncBanner />
        <InsightsView />
      </div>
    </>
  );
}
