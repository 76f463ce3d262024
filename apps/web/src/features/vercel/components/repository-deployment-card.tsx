import { Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { errorMessages } from '@shipdeck/shared/messages';
import { useVercelProjects } from '../api/get-vercel-projects';
import { deploymentPath } from '../deployment-path';
import { DeploymentStatusBadge } from './deployment-status-badge';
import { VercelGate } from './vercel-gate';
import { VercelSyncStatusBar } from './vercel-sync-status-bar';

/** The repository page's deployment status: the state of its Vercel project(s) and what production serves. */
export function RepositoryDeploymentCard({ fullName }: { fullName: string }) {
  return (
    <Card aria-labelledby="repository-deployment-title">
      <CardHeader title="Deployment" titleId="repository-deployment-title" icon={<Rocket />} />
      <CardBody>
        <VercelGate headingLevel="h3">
          <div className="space-y-3">
            <VercelSyncStatusBar />
            <ProjectStates fullName={fullName} />
          </div>
        </VercelGate>
      </CardBody>
    </Card>
  );
}

function ProjectStates({ fullName }: { fullName: string }) {
  const query = useVercelProjects({ limit: 10, repository: fullName });
  if (query.isPending) return <Spinner label="Loading deployment…" />;
  if (query.isError) {
    return (
      <LoadError
        title={errorMessages.loadDeployments}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const projects = query.data.projects;
  if (projects.length === 0) {
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        No Vercel project deploys this repository.
      </p>
    );
  }
  return (
    <ul className="space-y-3">
      {projects.map((project) => {
        const latest = project.latestDeployment;
        const production = project.productionDeployment;
        return (
          <li key={project.id} className="space-y-1 text-sm">
            <div className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate font-medium text-zinc-900 dark:text-zinc-50">
                {project.name}
              </span>
              {latest ? <DeploymentStatusBadge state={latest.state} labels="repository" /> : null}
            </div>
            {latest ? (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                Latest{' '}
                <Link className="hover:underline" to={deploymentPath(latest.id)}>
                  deployment
                </Link>{' '}
                <RelativeTime value={latest.createdAt} />
                {latest.state === 'ERROR' && latest.errorMessage ? `: ${latest.errorMessage}` : ''}
              </p>
            ) : null}
            {production ? (
              <>
                <p className="min-w-0 truncate text-xs text-zinc-600 dark:text-zinc-400">
                  Production:{' '}
                  <a
                    href={production.url}
                    target="_blank"
                    rel="noreferrer"
                    className="text-blue-700 hover:underline dark:text-blue-400"
                  >
                    {production.url.replace(/^https:\/\//, '')}
                  </a>
                </p>
                {/* Its own line: after a long URL the commit was cut off in the narrow card. */}
                {production.commitSha ? (
                  <p className="min-w-0 truncate text-xs text-zinc-600 dark:text-zinc-400">
                    Serves commit{' '}
                    {production.commitUrl ? (
                      <a
                        href={production.commitUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="font-mono text-blue-700 hover:underline dark:text-blue-400"
                      >
                        {production.commitSha.slice(0, 7)}
                      </a>
                    ) : (
                      <span className="font-mono">{production.commitSha.slice(0, 7)}</span>
                    )}
                    {production.commitMessage ? ` ${production.commitMessage.split('\n')[0]}` : ''}
                  </p>
                ) : null}
              </>
            ) : (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">Nothing in production yet.</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
