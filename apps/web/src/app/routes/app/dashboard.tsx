import { PageHeader } from '@/components/ui/page-header';
import { useUser } from '@/features/auth/hooks/use-session';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { SetupChecklist } from '@/features/dashboard/components/setup-checklist';
import { ActivityCard } from '@/features/github/components/activity-card';
import { ConnectGithubPrompt } from '@/features/github/components/connect-github-prompt';
import { GithubStatCards } from '@/features/github/components/github-stat-cards';
import { RecentRepositories } from '@/features/github/components/recent-repositories';
import { SyncStatusBar } from '@/features/github/components/sync-status-bar';
import { YourTeamsCard } from '@/features/teams/components/your-teams-card';
import { DashboardVercelProjects } from '@/features/vercel/components/dashboard-vercel-projects';
import { DeploymentStatusPanel } from '@/features/vercel/components/deployment-status-panel';
import { VercelSyncStatusBar } from '@/features/vercel/components/vercel-sync-status-bar';

export function DashboardRoute() {
  const user = useUser();
  const connected = user.githubId !== null;
  return (
    <>
      <title>Dashboard · Shipdeck</title>
      <PageHeader
        title={`Welcome back, ${user.displayName || user.username}`}
        description="Here is what is happening across your repositories and deployments."
        actions={<NotificationBell />}
      />
      {connected ? (
        <div className="mb-6 space-y-3">
          <SyncStatusBar />
          <VercelSyncStatusBar />
          <GithubStatCards />
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {connected ? (
            <div className="space-y-6">
              <ActivityCard />
              <div className="below-first-screen space-y-6">
                <RecentRepositories />
                <DashboardVercelProjects />
              </div>
            </div>
          ) : (
            <ConnectGithubPrompt subject="your repositories, pull requests and activity" />
          )}
        </div>
        <div className="min-w-0 space-y-6">
          <DeploymentStatusPanel />
          {/* In the first screen on a laptop (its text is the page's largest paint there): drawn
              with the first frame, not after it. */}
          <YourTeamsCard enabled={connected} />
          <div className="below-first-screen space-y-6">
            <SetupChecklist user={user} />
            <QuickActions />
          </div>
        </div>
      </div>
    </>
  );
}
