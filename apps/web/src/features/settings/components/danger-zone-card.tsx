import { TriangleAlert } from 'lucide-react';
import { Card, CardHeader } from '@/components/ui/card';
import { DeleteAccountDialog } from './delete-account-dialog';

export function DangerZoneCard() {
  return (
    <Card aria-labelledby="danger-zone-title" tone="danger">
      <CardHeader icon={<TriangleAlert />} title="Danger Zone" titleId="danger-zone-title" />
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-5">
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Delete account</h3>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            Permanently remove your account and all of its data.
          </p>
        </div>
        <DeleteAccountDialog />
      </div>
    </Card>
  );
}
