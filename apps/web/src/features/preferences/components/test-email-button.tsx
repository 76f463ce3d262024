import { mailUiTexts } from '@shipdeck/shared/mail';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useSendTestEmail } from '../api/send-test-email';

/** Sends the signed-in person a test message, so they (or an admin) can see mail arrive. */
export function TestEmailButton() {
  const send = useSendTestEmail();
  return (
    <Button
      variant="outline"
      size="sm"
      loading={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: (result) => toast.success(mailUiTexts.testQueued(result.to)),
          onError: (error) => toast.error(getErrorMessage(error, mailUiTexts.sendTest)),
        })
      }
    >
      <Mail aria-hidden />
      {send.isPending ? mailUiTexts.sendingTest : mailUiTexts.sendTest}
    </Button>
  );
}
