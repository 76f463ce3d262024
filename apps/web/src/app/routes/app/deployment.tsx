import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { DeploymentTriage } from '@/features/vercel/components/deployment-triage';
import { VercelGate } from '@/features/vercel/components/vercel-gate';

export function DeploymentRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Deployment · Shipdeck</title>
      <PageHeader
        title="Deployment"
        description="What was built, from which commit, and how it went."
      />
      <VercelGate>
        <DeploymentTriage id={id} />
      </VercelGate>
    </>
  );
}
