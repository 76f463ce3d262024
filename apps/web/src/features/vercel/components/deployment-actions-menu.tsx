import type { VercelDeployment } from '@shipdeck/shared/vercel';
import { Ban, EllipsisVertical, History, RefreshCw, Rocket } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useVercelCanAct } from '../hooks/use-vercel-can-act';
import { deploymentName } from '../deployment-name';
import { ConfirmVercelAction, type VercelAction } from './confirm-vercel-action';

/** States in which Vercel still builds a deployment, so it can be cancelled. */
const UNFINISHED = new Set(['QUEUED', 'INITIALIZING', 'BUILDING']);

/** What a deployment in this state can have done to it. */
export function actionsFor(deployment: VercelDeployment): VercelAction[] {
  if (UNFINISHED.has(deployment.state)) return ['cancel'];
  if (deployment.state !== 'READY') return ['redeploy'];
  return deployment.target === 'production'
    ? ['redeploy', 'promote', 'rollback']
    : ['redeploy', 'promote'];
}

const items: Record<VercelAction, { label: string; icon: typeof Rocket }> = {
  redeploy: { label: 'Redeploy', icon: RefreshCw },
  promote: { label: 'Promote to production', icon: Rocket },
  rollback: { label: 'Roll back production to this', icon: History },
  cancel: { label: 'Cancel build', icon: Ban },
};

/**
 * A deployment row's actions; each asks for confirmation first. None while the person may only
 * view the server's Vercel account: the list says why once, above its rows.
 */
export function DeploymentActionsMenu({ deployment }: { deployment: VercelDeployment }) {
  const [action, setAction] = useState<VercelAction | null>(null);
  const canAct = useVercelCanAct();
  if (!canAct) return null;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="quiet"
            size="icon"
            aria-label={`Actions for ${deployment.projectName} ${deploymentName(deployment)}`}
          >
            <EllipsisVertical />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {actionsFor(deployment).map((kind) => {
            const { label, icon: Icon } = items[kind];
            return (
              <DropdownMenuItem key={kind} onSelect={() => setAction(kind)}>
                <Icon aria-hidden="true" />
                {label}
              </DropdownMenuItem>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmVercelAction
        action={action}
        deployment={deployment}
        onClose={() => setAction(null)}
      />
    </>
  );
}
