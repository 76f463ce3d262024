import { PageHeader } from '@/components/ui/page-header';
import { GithubGate } from '@/features/github/components/github-gate';
import { NoGithubData } from '@/features/github/components/no-github-data';

export function PullRequestsRoute() {
  return (
    <>
      <title>Pull Requests · Shipdeck</title>
      <PageHeader
        title="Pull Requests"
        description="Pull requests you authored, were asked to review or are assigned to, across all your repositories."
      />
      <GithubGate subject="your pull requests">
        <NoGithubData subject="pull requests" />
      </GithubGate>
    </>
  );
}
