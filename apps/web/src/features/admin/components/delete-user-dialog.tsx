import type { AdminUser } from '@shipdeck/shared/admin';
import { adminMessages } from '@shipdeck/shared/instance-access-messages';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDeleteAdminUser } from '../api/delete-admin-user';

/** Deleting cannot be undone, so the dialog names the account before anything is sent. */
export function DeleteUserDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deleteUser = useDeleteAdminUser();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setError(null);
  };

  const onConfirm = () => {
    setError(null);
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(adminMessages.userDeleted(user.username));
      },
      onError: (failure) => {
        // In the dialog too: the reason (the last owner) is what to read before trying again.
        const message = getErrorMessage(failure, adminMessages.deleteUser);
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Delete ${user.username}`}>
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title={adminMessages.deleteUserTitle(user.username)}
        description={adminMessages.deleteUserDescription(user.username)}
      >
        <div className="space-y-4">
          {error ? <Alert>{error}</Alert> : null}
          <p className="text-sm break-words text-zinc-700 dark:text-zinc-300">
            {user.username} · {user.email}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="danger" onClick={onConfirm} loading={deleteUser.isPending}>
              Delete account
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
