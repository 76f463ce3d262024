import { PageHeader } from '@/components/ui/page-header';
import { AdminView } from '@/features/admin/components/admin-view';

export function AdminRoute() {
  return (
    <>
      <title>Admin · Shipdeck</title>
      <PageHeader
        title="Admin"
        description="Who belongs to this instance, the invitations that let people in, what members may use, and what was done."
      />
      <AdminView />
    </>
  );
}
