import { mailUiTexts } from '@shipdeck/shared/mail';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCancelEmailChange, useEmailChange, useResendEmailChange } from '../api/email-change';

/** "Waiting for confirmation of …" under the profile's email, with Resend and Cancel. */
export function PendingEmailChange() {
  const { data } = useEmailChange();
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const pending = data?.pending;
  if (!pending) return null;
  return (
    <div
      role="status"
      className="mt-4 flex flex-col gap-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <MailCheck aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{mailUiTexts.emailPending(pending.email)}</p>
        <p className="mt-0.5 text-amber-800 dark:text-amber-200/80">
          {mailUiTexts.emailPendingHint}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="outline"
          size="sm"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => toast.success(mailUiTexts.emailResent(pending.email)),
              onError: (error) => toast.error(getErrorMessage(error, mailUiTexts.emailResend)),
            })
          }
        >
          {mailUiTexts.emailResend}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => toast.success(mailUiTexts.emailCancelled),
              onError: (error) => toast.error(getErrorMessage(error, mailUiTexts.emailCancel)),
            })
          }
        >
          {mailUiTexts.emailCancel}
        </Button>
      </div>
    </div>
  );
}
