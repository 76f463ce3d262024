import { pageSizes } from '@shipdeck/shared/constants';
import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import { Triangle } from 'lucide-react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useVercelProjects } from '../api/get-vercel-projects';
import { SyncedAtNote } from './synced-at-note';
import { VercelProjectCard } from './vercel-project-card';

type VercelProjectsGridProps = { limit?: number; refetchInterval?: number; title?: string };

/** Projects with their latest state; the dashboard shows the first six. */
export function VercelProjectsGrid({
  limit = pageSizes.providerMax,
  refetchInterval,
  title = 'Vercel Projects',
}: VercelProjectsGridProps) {
  const query = useVercelProjects({ limit }, refetchInterval);
  const projects = query.data?.projects ?? [];
  return (
    <Card aria-labelledby="vercel-projects-title">
      <CardHeader
        title={title}
        titleId="vercel-projects-title"
        icon={<Triangle />}
        action={query.data ? <SyncedAtNote syncedAt={query.data.syncedAt} /> : undefined}
      />
      <CardBody>
        {query.isPending ? (
          <div className="flex justify-center py-8 text-sm text-zinc-500 dark:text-zinc-400">
            <Spinner label="Loading projects…" />
          </div>
        ) : query.isError ? (
          <LoadError
            title={vercelMessages.loadProjects}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : projects.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            title="No Vercel projects yet"
            description={
              query.data.syncedAt
                ? 'Projects of the connected Vercel account will show up here.'
                : 'The first sync from Vercel is running; projects appear in a moment.'
            }
          />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {projects.map((project) => (
              <VercelProjectCard key={project.id} project={project} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
