import { commitStage } from '@shipdeck/shared/ship-stages';
import { ExternalLink, Radio } from 'lucide-react';
import { useUser } from '@/features/auth/hooks/use-session';
import { useDeploymentEta } from '@/features/insights/api/get-deployment-etas';
import { ShipStageLabel } from '@/components/ship-status/ship-stage-label';
import { useVercelDeployments } from '../api/get-vercel-deployments';
import { useVercelProjects } from '../api/get-vercel-projects';

type CommitDeploymentMarksProps = { fullName: string; sha: string; committedAt: string | null };

/**
 * On a commit row: "Live in production" when production serves this commit, else its stage in
 * the pull requests' words (merged, production building with its ETA, live), and the preview URL
 * when a preview deployment was built from it. Every row shares the same queries.
 */
export function CommitDeploymentMarks({ fullName, sha, committedAt }: CommitDeploymentMarksProps) {
  const user = useUser();
  const enabled = user.vercel?.status === 'connected';
  const projects = useVercelProjects({ limit: 10, repository: fullName });
  const deployments = useVercelDeployments({ limit: 100, repository: fullName, sort: 'created' });
  const stage = deployments.data
    ? commitStage({ sha, committedAt }, deployments.data.deployments)
    : null;
  const eta = useDeploymentEta(stage?.building?.id ?? null, enabled);
  if (!enabled) return null;
  const live = projects.data?.projects.some((p) => p.productionDeployment?.commitSha === sha);
  const preview = deployments.data?.deployments.find(
    (d) => d.commitSha === sha && d.target === 'preview' && d.state === 'READY',
  );
  // The badge already says "Live"; the stage word is for every other commit.
  const showStage = stage !== null && !live;
  if (!live && !preview && !showStage) return null;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs">
      {showStage ? <ShipStageLabel stage={stage.stage} eta={stage.building ? eta : null} /> : null}
      {live ? (
        <span className="inline-flex items-center gap-1 rounded-full border border-emerald-200 bg-emerald-50 px-1.5 py-px font-medium text-emerald-700 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-300 [&_svg]:size-3">
          <Radio aria-hidden="true" />
          Live in production
        </span>
      ) : null}
      {preview ? (
        <a
          href={preview.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-w-0 items-center gap-1 text-blue-700 hover:underline dark:text-blue-400 [&_svg]:size-3"
        >
          <ExternalLink aria-hidden="true" />
          <span className="truncate">Preview: {preview.url.replace(/^https:\/\//, '')}</span>
        </a>
      ) : null}
    </span>
  );
}
