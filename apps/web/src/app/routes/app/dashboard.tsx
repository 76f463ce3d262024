import { PageHeader } from '@/components/ui/page-header';
import { useUser } from '@/features/auth/hooks/use-session';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { SetupChecklist } from '@/features/dashboard/components/setup-checklist';
import { ConnectGithubPrompt } from '@/features/github/components/connect-github-prompt';
import { NoGithubData } from '@/features/github/components/no-github-data';

export function DashboardRoute() {
  const user = useUser();
  return (
    <>
      <title>Dashboard · Shipdeck</title>
      <PageHeader
        title={`Welcome back, ${user.displayName || user.username}`}
        description="Here is what is happening across your repositories and deployments."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {user.githubId === null ? (
            <ConnectGithubPrompt subject="your repositories, pull requests and activity" />
          ) : (
            <NoGithubData subject="repositories" />
          )}
        </div>
        <div className="space-y-6">
          <SetupChecklist user={user} />
          <QuickActions />
        </div>
      </div>
    </>
  );
}
