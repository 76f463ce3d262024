import { sessionHandoffMessages } from '@shipdeck/shared/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { queryClient } from '@/lib/query-client';
import { getPendingUrlToken, resolvePendingUrlToken } from '@/lib/url-token';

/** Asks before a `?token=` link replaces the session already signed in on this browser. */
export function UrlTokenConfirm() {
  const [open, setOpen] = useState(() => getPendingUrlToken() !== null);

  const decide = (accept: boolean) => {
    resolvePendingUrlToken(accept);
    if (accept) queryClient.clear();
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : decide(false))}>
      <DialogContent
        title={sessionHandoffMessages.switchAccountTitle}
        description={sessionHandoffMessages.switchAccountDescription}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => decide(false)}>
            {sessionHandoffMessages.keepSession}
          </Button>
          <Button onClick={() => decide(true)}>{sessionHandoffMessages.switchAccount}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
