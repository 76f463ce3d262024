import { PageHeader } from '@/components/ui/page-header';
import { DeploymentsView } from '@/features/vercel/components/deployments-view';
import { VercelGate } from '@/features/vercel/components/vercel-gate';

export function DeploymentsRoute() {
  return (
    <>
      <title>Deployments · Shipdeck</title>
      <PageHeader
        title="Deployments"
        description="Your Vercel projects and the state of their latest deployments."
      />
      <VercelGate>
        <DeploymentsView />
      </VercelGate>
    </>
  );
}
