import type { VercelProject } from '@shipdeck/shared/vercel';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/config/paths';
import { DeploymentStatusBadge } from './deployment-status-badge';
import { ProductionPinnedNotice } from './production-pinned-notice';

export function VercelProjectCard({ project }: { project: VercelProject }) {
  const latest = project.latestDeployment;
  const [owner, name] = project.repository?.fullName.split('/') ?? [];
  return (
    <li className="min-w-0 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex items-center gap-2">
        <h3 className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900 dark:text-zinc-50">
          {project.name}
        </h3>
        {latest ? <DeploymentStatusBadge state={latest.state} /> : null}
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-zinc-500 dark:text-zinc-400">
        <span>{project.framework ?? 'Other framework'}</span>
        <RelativeTime value={project.updatedAt} prefix="Updated" />
      </p>
      <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {owner && name ? (
          <Link
            to={paths.repo(owner, name)}
            className="truncate text-blue-700 hover:underline dark:text-blue-400"
          >
            {project.repository?.fullName}
          </Link>
        ) : null}
        {project.productionDeployment ? (
          <a
            href={project.productionDeployment.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-w-0 items-center gap-1 text-blue-700 hover:underline dark:text-blue-400 [&_svg]:size-3"
          >
            <ExternalLink aria-hidden="true" />
            <span className="truncate">
              {project.productionDeployment.url.replace(/^https:\/\//, '')}
            </span>
          </a>
        ) : null}
      </div>
      {project.productionRolledBack ? (
        <div className="mt-3">
          <ProductionPinnedNotice project={project} />
        </div>
      ) : null}
    </li>
  );
}
