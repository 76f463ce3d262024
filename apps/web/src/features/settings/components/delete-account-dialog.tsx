import { errorMessages, successMessages } from '@shipdeck/shared/messages';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useUser } from '@/features/auth/hooks/use-session';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';

/** Accounts with a password confirm with it; GitHub-only accounts type their username. */
export function DeleteAccountDialog() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount({
    onSuccess: () => toast.success(successMessages.accountDeleted),
  });

  const ready = user.hasPassword ? confirmation !== '' : confirmation === user.username;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setConfirmation('');
    setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    setError(null);
    deleteAccount.mutate(user.hasPassword ? { password: confirmation } : { confirmation }, {
      onError: (failure) => {
        const message = getErrorMessage(failure, errorMessages.deleteAccount);
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="danger" size="sm">
          Delete Account
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete your account?"
        description="This permanently removes your account, your sessions, your connected providers and everything Shipdeck stored for you. It cannot be undone."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error ? <Alert>{error}</Alert> : null}
          {user.hasPassword ? (
            <TextField
              id="deleteAccountPassword"
              name="password"
              type="password"
              label="Your password"
              autoComplete="current-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          ) : (
            <TextField
              id="deleteAccountConfirmation"
              name="confirmation"
              label={`Type ${user.username} to confirm`}
              autoComplete="off"
              spellCheck={false}
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              type="submit"
              variant="danger"
              disabled={!ready}
              loading={deleteAccount.isPending}
            >
              Delete my account
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
