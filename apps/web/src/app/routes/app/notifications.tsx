import { PageHeader } from '@/components/ui/page-header';
import { NotificationsView } from '@/features/notifications/components/notifications-view';

export function NotificationsRoute() {
  return (
    <>
      <title>Notifications · Shipdeck</title>
      <PageHeader
        title="Notifications"
        description="What changed in your repositories, pull requests and deployments."
      />
      <NotificationsView />
    </>
  );
}
