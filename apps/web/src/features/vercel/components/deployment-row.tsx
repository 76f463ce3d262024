import type { VercelDeployment } from '@shipdeck/shared/vercel';
import { ExternalLink, GitBranch, GitCommitHorizontal, GitPullRequest } from 'lucide-react';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/ui/relative-time';
import { DeploymentStage } from '@/features/insights/components/deployment-stage';
import { deploymentPath } from '../deployment-path';
import { DeploymentActionsMenu } from './deployment-actions-menu';
import { DeploymentStatusBadge } from './deployment-status-badge';

const linkClass = 'inline-flex items-center gap-1 hover:underline [&_svg]:size-3.5';

/** One deployment: status, project, target, commit, branch, pull request, URL and age. */
export function DeploymentRow({ deployment }: { deployment: VercelDeployment }) {
  const message = deployment.commitMessage?.split('\n')[0] ?? null;
  return (
    <li className="px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-center gap-2">
        <DeploymentStatusBadge state={deployment.state} />
        <Link
          to={deploymentPath(deployment.id)}
          className="min-w-0 truncate text-sm font-medium text-zinc-900 hover:underline dark:text-zinc-50"
        >
          {deployment.projectName}
        </Link>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {deployment.target === 'production' ? 'Production' : 'Preview'}
        </span>
        <DeploymentStage deployment={deployment} />
        <span className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">
          <RelativeTime value={deployment.createdAt} />
        </span>
        <span className="-my-1.5">
          <DeploymentActionsMenu deployment={deployment} />
        </span>
      </div>
      {message ? (
        <p className="mt-1 truncate text-sm text-zinc-700 dark:text-zinc-300" title={message}>
          {message}
        </p>
      ) : null}
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        {deployment.branch ? (
          <span className="inline-flex min-w-0 items-center gap-1 [&_svg]:size-3.5">
            <GitBranch aria-hidden="true" />
            <span className="truncate">{deployment.branch}</span>
          </span>
        ) : null}
        {deployment.commitSha && deployment.commitUrl ? (
          <a href={deployment.commitUrl} target="_blank" rel="noreferrer" className={linkClass}>
            <GitCommitHorizontal aria-hidden="true" />
            <span className="font-mono">{deployment.commitSha.slice(0, 7)}</span>
          </a>
        ) : null}
        {deployment.pullRequestUrl ? (
          <a
            href={deployment.pullRequestUrl}
            target="_blank"
            rel="noreferrer"
            className={linkClass}
          >
            <GitPullRequest aria-hidden="true" />#{deployment.pullRequestId}
          </a>
        ) : null}
        <a
          href={deployment.url}
          target="_blank"
          rel="noreferrer"
          className={`${linkClass} min-w-0`}
        >
          <ExternalLink aria-hidden="true" />
          <span className="truncate">{deployment.url.replace(/^https:\/\//, '')}</span>
        </a>
      </div>
    </li>
  );
}
