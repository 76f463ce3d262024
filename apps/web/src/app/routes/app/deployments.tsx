import { PageHeader } from '@/components/ui/page-header';
import { GithubGate } from '@/features/github/components/github-gate';
import { NoGithubData } from '@/features/github/components/no-github-data';

export function DeploymentsRoute() {
  return (
    <>
      <title>Deployments · Shipdeck</title>
      <PageHeader
        title="Deployments"
        description="Your Vercel projects and the state of their latest deployments."
      />
      <GithubGate subject="your deployments">
        <NoGithubData subject="deployments" />
      </GithubGate>
    </>
  );
}
