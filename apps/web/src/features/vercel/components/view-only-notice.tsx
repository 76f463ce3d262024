import { errorMessages } from '@shipdeck/shared/messages';
import { Alert } from '@/components/ui/alert';
import { useVercelCanAct } from '../hooks/use-vercel-can-act';

/** Why no redeploy, promote, roll back or cancel is offered: nothing when the person may act. */
export function VercelViewOnlyNotice({ className }: { className?: string }) {
  const canAct = useVercelCanAct();
  if (canAct) return null;
  return (
    <Alert variant="info" className={className}>
      {errorMessages.serverVercelViewOnly}
    </Alert>
  );
}
