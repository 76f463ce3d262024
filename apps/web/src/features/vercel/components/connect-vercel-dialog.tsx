import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

// The form (with its text field, checks and mutations) loads when the dialog first opens, not
// with every page that offers to connect Vercel.
const ConnectVercelForm = lazy(() => import('./connect-vercel-form'));

/** Connect Vercel with a token or the server's own account, in a dialog opened by `trigger`. */
export function ConnectVercelDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Connect Vercel"
        description="Shipdeck reads your projects and deployments with a Vercel access token. It is checked with Vercel, stored encrypted and never shown again."
      >
        <Suspense fallback={<Spinner label="Loading…" />}>
          <ConnectVercelForm onConnected={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
