import { PageHeader } from '@/components/ui/page-header';
import { GithubGate } from '@/features/github/components/github-gate';
import { DeploymentsView } from '@/features/vercel/components/deployments-view';
import { VercelGate } from '@/features/vercel/components/vercel-gate';
import { VercelSyncStatusBar } from '@/features/vercel/components/vercel-sync-status-bar';

export function DeploymentsRoute() {
  return (
    <>
      <title>Deployments · Shipdeck</title>
      <PageHeader
        title="Deployments"
        description="Your Vercel projects and the state of their latest deployments."
      />
      {/* Deployments are tied to commits and pull requests, so GitHub comes first (spec §6). */}
      <GithubGate subject="your deployments">
        <VercelGate>
          <div className="space-y-3">
            <VercelSyncStatusBar />
            <DeploymentsView />
          </div>
        </VercelGate>
      </GithubGate>
    </>
  );
}
