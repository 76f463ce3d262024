import {
  DORA_SURVEY_NOTE,
  INSIGHTS_DEFAULT_WINDOW,
  INSIGHTS_WINDOWS,
  type InsightsWindow,
} from '@shipdeck/shared/insights-constants';
import { Activity } from 'lucide-react';
import { useId, useState } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { RelativeTime } from '@/components/ui/relative-time';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { DoraKeyCards } from '@/features/insights/components/dora-key-cards';
import { useTeamDora } from '../api/get-team-dora';
import { teamTexts } from '../texts';

/** The four keys over the team's projects, with Insights' own cards and window choice. */
export function TeamDoraSection({ org, slug }: { org: string; slug: string }) {
  const [days, setDays] = useState<InsightsWindow>(INSIGHTS_DEFAULT_WINDOW);
  const dora = useTeamDora(org, slug, days);
  const windowId = useId();
  return (
    <Card aria-labelledby="team-dora-title">
      <CardHeader
        icon={<Activity />}
        title={teamTexts.doraTitle}
        titleId="team-dora-title"
        description={teamTexts.doraDescription}
        action={
          <div className="flex items-center gap-2">
            {dora.isFetching && dora.data ? (
              <Spinner label="Updating…" className="size-3.5" />
            ) : null}
            <label htmlFor={windowId} className="sr-only">
              Window
            </label>
            <Select
              id={windowId}
              value={String(days)}
              className="w-36"
              onChange={(event) => {
                const chosen = INSIGHTS_WINDOWS.find(
                  (value) => String(value) === event.target.value,
                );
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
        }
      />
      <CardBody className="space-y-4">
        {dora.isPending ? (
          <div className="flex justify-center py-10 text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner label="Loading DORA figures…" />
          </div>
        ) : dora.isError ? (
          <LoadError
            title={teamTexts.loadDora}
            error={dora.error}
            onRetry={() => void dora.refetch()}
            retrying={dora.isFetching}
          />
        ) : !dora.data.hasDeploymentData ? (
          <EmptyState
            icon={<Activity />}
            title={teamTexts.noDoraTitle}
            description={teamTexts.noDoraDescription}
            headingLevel="h3"
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
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{teamTexts.firstDeploymentRule}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{DORA_SURVEY_NOTE}</p>
      </CardBody>
    </Card>
  );
}
