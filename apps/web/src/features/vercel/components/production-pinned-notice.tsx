import type { VercelProject } from '@shipdeck/shared/vercel';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { deploymentName } from '../deployment-name';
import { useVercelCanAct } from '../hooks/use-vercel-can-act';

// Fetched when first asked for: the notice sits on the dashboard, whose first load has a budget
// (issue 34), and the dialog with its texts is 3 KB gzipped.
const ConfirmVercelAction = lazy(() =>
  import('./confirm-vercel-action').then((m) => ({ default: m.ConfirmVercelAction })),
);

/**
 * After an instant rollback Vercel stops giving new production deployments the production
 * domains until one is promoted: said while it lasts, with the promote that ends it.
 */
export function ProductionPinnedNotice({ project }: { project: VercelProject }) {
  const [promoting, setPromoting] = useState(false);
  // Once asked for, the dialog stays mounted, so it closes as it opened.
  const [asked, setAsked] = useState(false);
  const canAct = useVercelCanAct();
  const serving = project.productionDeployment;
  const resume = project.resumeProductionWith;
  if (!project.productionRolledBack || !resume) return null;
  return (
    <Alert variant="info">
      <p>
        Production of <strong>{project.name}</strong> is rolled back
        {serving ? (
          <>
            {' '}
            to <span className="font-mono">{deploymentName(serving)}</span>
          </>
        ) : null}
        : new production deployments stay off its domains until one is promoted.
      </p>
      {/* Someone who may only view is told so on the deployment pages; here the state is enough. */}
      {canAct ? (
        <>
          <Button
            className="mt-2"
            size="sm"
            variant="outline"
            onClick={() => {
              setAsked(true);
              setPromoting(true);
            }}
          >
            Promote <span className="font-mono">{deploymentName(resume)}</span>
          </Button>
          {asked ? (
            <Suspense fallback={null}>
              <ConfirmVercelAction
                action={promoting ? 'promote' : null}
                deployment={resume}
                onClose={() => setPromoting(false)}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </Alert>
  );
}
