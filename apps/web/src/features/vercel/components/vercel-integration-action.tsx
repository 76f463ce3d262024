import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import { Button } from '@/components/ui/button';
import { useUser } from '@/features/auth/hooks/use-session';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDisconnectVercel } from '../api/disconnect-vercel';
import { ConnectVercelDialog } from './connect-vercel-dialog';

/** Connect, Reconnect or Disconnect Vercel, as the connection stands. */
export function VercelIntegrationAction() {
  const user = useUser();
  const disconnect = useDisconnectVercel();
  if (!user.vercel) {
    return <ConnectVercelDialog trigger={<Button size="sm">Connect</Button>} />;
  }
  return (
    <div className="flex gap-2">
      {user.vercel.status === 'reconnect' ? (
        <ConnectVercelDialog trigger={<Button size="sm">Reconnect Vercel</Button>} />
      ) : null}
      <Button
        variant="outline"
        size="sm"
        loading={disconnect.isPending}
        onClick={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => toast.success(vercelMessages.disconnected),
            onError: (error) =>
              toast.error(getErrorMessage(error, vercelMessages.disconnectFailed)),
          })
        }
      >
        Disconnect
      </Button>
    </div>
  );
}
