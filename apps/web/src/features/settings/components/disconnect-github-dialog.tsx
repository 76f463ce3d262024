import {
  errorMessages,
  githubDisconnectMessages,
  successMessages,
} from '@shipdeck/shared/messages';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDisconnectGithub } from '../api/disconnect-github';

/** Disconnecting deletes the data synced from GitHub, so it happens only once confirmed. */
export function DisconnectGithubDialog() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const disconnect = useDisconnectGithub();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setError(null);
  };

  const onConfirm = () => {
    setError(null);
    disconnect.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(successMessages.githubDisconnected);
      },
      onError: (failure) => {
        // Shown in the dialog as well as the toast: the reason (e.g. set a password first) is
        // what the user needs to read before trying again.
        const message = getErrorMessage(failure, errorMessages.disconnectGithub);
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Disconnect
        </Button>
      </DialogTrigger>
      <DialogContent
        title={githubDisconnectMessages.title}
        description={githubDisconnectMessages.description}
      >
        <div className="space-y-4">
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="danger" onClick={onConfirm} loading={disconnect.isPending}>
              {githubDisconnectMessages.confirm}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
