import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteReminder } from '../api/delete-reminder';
import { reminderTexts } from '../texts';

type DeleteReminderDialogProps = { org: string; slug: string; id: string; label: string };

/** Deleting a reminder happens only once confirmed. */
export function DeleteReminderDialog({ org, slug, id, label }: DeleteReminderDialogProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteReminder(org, slug);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${reminderTexts.delete} ${label}`}>
          {reminderTexts.delete}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={reminderTexts.deleteTitle}
        description={reminderTexts.deleteDescription}
      >
        <div className="space-y-4">
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{reminderTexts.cancel}</Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(id, {
                  onSuccess: () => setOpen(false),
                  onError: (failure) =>
                    setError(getErrorMessage(failure, reminderTexts.deleteFailed)),
                })
              }
            >
              {reminderTexts.deleteConfirm}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
