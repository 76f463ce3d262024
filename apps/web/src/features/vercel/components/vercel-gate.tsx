import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import type { ReactNode } from 'react';
import { VercelIcon } from '@/components/icons/vercel-icon';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useUser } from '@/features/auth/hooks/use-session';
import { ConnectVercelDialog } from './connect-vercel-dialog';

type VercelGateProps = { children: ReactNode; headingLevel?: 'h2' | 'h3' };

/** Vercel pages and panels need a working connection; otherwise Connect or Reconnect Vercel. */
export function VercelGate({ children, headingLevel }: VercelGateProps) {
  const user = useUser();
  if (user.vercel?.status === 'reconnect') {
    return (
      <EmptyState
        icon={<VercelIcon />}
        title="Reconnect Vercel"
        description={vercelMessages.reconnect}
        headingLevel={headingLevel}
        action={<ConnectVercelDialog trigger={<Button size="sm">Reconnect Vercel</Button>} />}
        className="bg-white dark:bg-zinc-900/40"
      />
    );
  }
  if (!user.vercel) {
    return (
      <EmptyState
        icon={<VercelIcon />}
        title="Vercel not connected"
        description={vercelMessages.notConnected}
        headingLevel={headingLevel}
        action={<ConnectVercelDialog trigger={<Button size="sm">Connect Vercel</Button>} />}
        className="bg-white dark:bg-zinc-900/40"
      />
    );
  }
  return children;
}
