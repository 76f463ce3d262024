import type { InsightsWindow } from '@shipdeck/shared/insights-constants';
import {
  DORA_SURVEY_NOTE,
  INSIGHTS_DEFAULT_WINDOW,
  INSIGHTS_WINDOWS,
  insightsMessages,
} from '@shipdeck/shared/insights-constants';
import { Activity } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { RelativeTime } from '@/components/ui/relative-time';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useDora } from '../api/get-dora';
import { DoraKeyCards } from './dora-key-cards';

const ALL = '';

/** DORA's four keys with a window and repository selector, and every page state. */
export function InsightsView() {
  const [days, setDays] = useState<InsightsWindow>(INSIGHTS_DEFAULT_WINDOW);
  const [repo, setRepo] = useState<string>(ALL);
  const dora = useDora({ days, repo: repo === ALL ? null : repo });
  // A scoped answer lists only its own repository; the selector offers every one, from the
  // all-repositories answer (the same query as the page's own while nothing is chosen).
  const everyRepository = useDora({ days, repo: null });
  const windowId = useId();
  const repoId = useId();
  const repositories = everyRepository.data?.repositories ?? dora.data?.repositories ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex items-center gap-2">
          <label htmlFor={windowId} className="text-sm text-zinc-600 dark:text-zinc-400">
            Window
          </label>
          <Select
            id={windowId}
            value={String(days)}
            className="w-36"
            onChange={(event) => {
              const chosen = INSIGHTS_WINDOWS.find((value) => String(value) === event.target.value);
              if (chosen) setDays(chosen);
            }}
          >
            {INSIGHTS_WINDOWS.map((value) => (
              <option key={value} value={value}>
                Last {value} days
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <label htmlFor={repoId} className="text-sm text-zinc-600 dark:text-zinc-400">
            Repository
          </label>
          <Select
            id={repoId}
            value={repo}
            className="min-w-0 flex-1 sm:w-64 sm:flex-none"
            onChange={(event) => setRepo(event.target.value)}
          >
            <option value={ALL}>All repositories</option>
            {repositories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        {dora.isFetching && dora.data ? <Spinner label="Updating…" className="size-3.5" /> : null}
      </div>

      {dora.isPending ? (
        <div className="flex justify-center py-16 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner label="Loading insights…" />
        </div>
      ) : dora.isError ? (
        <LoadError
          title={insightsMessages.loadInsights}
          error={dora.error}
          onRetry={() => void dora.refetch()}
          retrying={dora.isFetching}
        />
      ) : !dora.data.hasDeploymentData ? (
        <EmptyState
          icon={<Activity />}
          title={insightsMessages.noDeploymentsTitle}
          description={insightsMessages.noDeploymentsDescription}
        />
      ) : (
        <>
          <DoraKeyCards result={dora.data} />
          {dora.data.syncedAt ? (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              Deployments synced <RelativeTime value={dora.data.syncedAt} />.
            </p>
          ) : null}
        </>
      )}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{DORA_SURVEY_NOTE}</p>
    </div>
  );
}
