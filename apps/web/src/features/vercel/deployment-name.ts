import type { VercelDeployment } from '@shipdeck/shared/vercel';
import { shortSha } from '@/utils/short-sha';

/** How a deployment is named in the actions' texts: its commit's short SHA, else its id. */
export function deploymentName(deployment: VercelDeployment): string {
  return deployment.commitSha ? shortSha(deployment.commitSha) : deployment.id;
}
