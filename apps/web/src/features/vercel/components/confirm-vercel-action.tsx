import { errorMessages } from '@shipdeck/shared/messages';
import type { VercelDeployment } from '@shipdeck/shared/vercel';
import type { VercelActionResult } from '@shipdeck/shared/vercel-actions';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import {
  useProductionMove,
  useVercelAction,
  type VercelActionRequest,
} from '../api/vercel-actions';
import { deploymentName } from '../deployment-name';
import { deploymentPath } from '../deployment-path';

export type VercelAction = VercelActionRequest['action'];

/** The deployment's commit as people say it: its short SHA, or its id without one. */

const confirmLabels: Record<VercelAction, string> = {
  redeploy: 'Redeploy',
  promote: 'Promote to production',
  rollback: 'Roll back production',
  cancel: 'Cancel build',
};

const titles: Record<VercelAction, string> = {
  redeploy: 'Redeploy this commit?',
  promote: 'Promote to production?',
  rollback: 'Roll back production?',
  cancel: 'Cancel this build?',
};

/** Exactly what will change, in words, before anything is sent to Vercel. */
function WhatChanges({
  action,
  deployment,
}: {
  action: VercelAction;
  deployment: VercelDeployment;
}) {
  const name = <strong className="font-mono">{deploymentName(deployment)}</strong>;
  const project = <strong>{deployment.projectName}</strong>;
  const target = deployment.target === 'production' ? 'production' : 'preview';
  switch (action) {
    case 'redeploy':
      return (
        <p>
          Vercel builds {name} of {project} again, as a new {target} deployment
          {target === 'production' ? ', which takes production once it is ready' : ''}. This
          deployment stays as it is.
        </p>
      );
    case 'promote':
      return deployment.target === 'production' ? (
        <p>
          Production of {project} will serve {name} (built{' '}
          <RelativeTime value={deployment.createdAt} />) without building it again.
        </p>
      ) : (
        <p>
          {name} is a preview: Vercel builds it again for production, and production of {project}{' '}
          serves it once that build is ready.
        </p>
      );
    case 'rollback':
      return (
        <p>
          Production of {project} will serve {name} again (built{' '}
          <RelativeTime value={deployment.createdAt} />
          ). Until you promote a deployment, new production deployments will not take over
          production&apos;s domains.
        </p>
      );
    case 'cancel':
      return (
        <p>
          The build of {name} of {project} stops. It is marked canceled and never goes live.
        </p>
      );
  }
}

type Outcome = { result: VercelActionResult; projectName: string };

/** After a promote or rollback: Vercel moves production in the background; this follows it. */
function ProductionMove({ outcome }: { outcome: Outcome }) {
  const job = outcome.result.aliasJob;
  const move = job ? { projectId: job.projectId, toDeploymentId: job.toDeploymentId } : null;
  const { done, waitedOut } = useProductionMove(move);
  const name = deploymentName(outcome.result.deployment);
  if (!job) {
    // A preview promoted is a new production build: it takes production when it is ready.
    return (
      <p role="status">
        Vercel is building <span className="font-mono">{name}</span> for production.{' '}
        <Link
          className="text-blue-700 underline dark:text-blue-400"
          to={deploymentPath(outcome.result.deployment.id)}
        >
          Follow the build
        </Link>
      </p>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2">
      {waitedOut ? (
        <>Vercel has not finished moving production yet. The project shows it once it has.</>
      ) : done ? (
        <>
          Production of {outcome.projectName} serves <span className="font-mono">{name}</span> now.
        </>
      ) : (
        <>
          <Spinner /> Moving production of {outcome.projectName} to{' '}
          <span className="font-mono">{name}</span>…
        </>
      )}
    </p>
  );
}

function successText(result: VercelActionResult, projectName: string): string {
  const name = deploymentName(result.deployment);
  switch (result.action) {
    case 'redeploy':
      return `Redeploying ${projectName}: ${result.deployment.state.toLowerCase()}`;
    case 'promote':
      return `Promoting ${name} to production of ${projectName}`;
    case 'rollback':
      return `Rolling production of ${projectName} back to ${name}`;
    case 'cancel':
      return `Build of ${name} canceled`;
  }
}

type ConfirmVercelActionProps = {
  action: VercelAction | null;
  /** The deployment acted on; for a rollback, the one production goes back to. */
  deployment: VercelDeployment;
  onClose: () => void;
};

/**
 * Asks before changing anything on Vercel, naming exactly what will change, then shows the
 * outcome without a reload: a refusal with Vercel's reason, a new build to follow, or production
 * moving to the chosen deployment.
 */
export function ConfirmVercelAction({ action, deployment, onClose }: ConfirmVercelActionProps) {
  const run = useVercelAction();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const close = () => {
    setOutcome(null);
    run.reset();
    onClose();
  };
  if (action === null) return null;
  const request: VercelActionRequest =
    action === 'rollback'
      ? { action, projectId: deployment.projectId, deploymentId: deployment.id }
      : { action, deploymentId: deployment.id };
  const confirm = () => {
    run.mutate(request, {
      onSuccess: (result) => {
        toast.success(successText(result, deployment.projectName));
        if (result.action === 'cancel') close();
        else setOutcome({ result, projectName: deployment.projectName });
      },
    });
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent title={titles[action]}>
        <div className="space-y-4 text-sm text-zinc-700 dark:text-zinc-300">
          {outcome ? (
            <>
              {outcome.result.action === 'redeploy' ? (
                <p role="status">
                  Vercel is building it as a new deployment.{' '}
                  <Link
                    className="text-blue-700 underline dark:text-blue-400"
                    to={deploymentPath(outcome.result.deployment.id)}
                    onClick={close}
                  >
                    Follow the build
                  </Link>
                </p>
              ) : (
                <ProductionMove outcome={outcome} />
              )}
              <div className="flex justify-end">
                <Button size="sm" onClick={close}>
                  Done
                </Button>
              </div>
            </>
          ) : (
            <>
              <WhatChanges action={action} deployment={deployment} />
              {run.isError ? (
                <Alert>{getErrorMessage(run.error, errorMessages.server)}</Alert>
              ) : null}
              <div className="flex flex-wrap justify-end gap-2">
                <Button size="sm" variant="outline" onClick={close}>
                  Keep as is
                </Button>
                <Button size="sm" onClick={confirm} loading={run.isPending}>
                  {confirmLabels[action]}
                </Button>
              </div>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
