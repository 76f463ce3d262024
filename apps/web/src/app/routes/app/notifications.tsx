import { notificationTexts } from '@shipdeck/shared/notification-constants';
import { PageHeader } from '@/components/ui/page-header';
import { ConnectGithubPrompt } from '@/features/github/components/connect-github-prompt';
import { useGithubWebLink } from '@/features/meta/api/get-meta';
import { NotificationsView } from '@/features/notifications/components/notifications-view';

/** GitHub's form for a classic token, with the scopes the inbox and the rest of Shipdeck read. */
const CLASSIC_TOKEN_PATH =
  '/settings/tokens/new?scopes=notifications,repo,read:org&description=Shipdeck';

export function NotificationsRoute() {
  const classicTokenUrl = useGithubWebLink(CLASSIC_TOKEN_PATH);
  return (
    <>
      <title>Notifications · Shipdeck</title>
      <PageHeader title="Notifications" description={notificationTexts.inboxDescription} />
      <NotificationsView
        connectGithub={
          <ConnectGithubPrompt
            subject={notificationTexts.githubInboxNotConnected}
            headingLevel="h2"
          />
        }
        classicTokenUrl={classicTokenUrl}
      />
    </>
  );
}
