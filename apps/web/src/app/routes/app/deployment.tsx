import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { GithubGate } from '@/features/github/components/github-gate';
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
      {/* Deployments are tied to commits and pull requests, so GitHub comes first (spec §6). */}
      <GithubGate subject="this deployment">
        <VercelGate>
          <DeploymentTriage id={id} />
        </VercelGate>
      </GithubGate>
    </>
  );
}
