import { BUILDING_DEPLOYMENT_STATES, deploymentStage } from '@shipdeck/shared/ship-stages';
import type { VercelDeployment } from '@shipdeck/shared/vercel';
import { useDeploymentEta } from '../api/get-deployment-etas';
import { ShipStageLabel } from '@/components/ship-status/ship-stage-label';

/** A deployment row's stage word, and its ETA while it builds. */
export function DeploymentStage({ deployment }: { deployment: VercelDeployment }) {
  const stage = deploymentStage(deployment);
  const building = BUILDING_DEPLOYMENT_STATES.includes(deployment.state);
  const eta = useDeploymentEta(deployment.id, building);
  if (!stage) return null;
  return <ShipStageLabel stage={stage} eta={building ? eta : null} />;
}
