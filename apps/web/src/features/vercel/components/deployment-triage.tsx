import type { VercelDeployment } from '@shipdeck/shared/vercel';
import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import { Ban, History, RefreshCw, SearchX, TerminalSquare } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useVercelDeployment } from '../api/get-vercel-deployment';
import { plainLogText } from '../plain-log-text';
import { deploymentName } from '../deployment-name';
import { ConfirmVercelAction, type VercelAction } from './confirm-vercel-action';
import { actionsFor } from './deployment-actions-menu';
import { DeploymentRow } from './deployment-row';
import { DeploymentStatusBadge } from './deployment-status-badge';
import { VercelViewOnlyNotice } from './view-only-notice';
import { useVercelCanAct } from '../hooks/use-vercel-can-act';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="truncate text-sm text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

function Facts({ deployment }: { deployment: VercelDeployment }) {
  const link = 'text-blue-700 hover:underline dark:text-blue-400';
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Fact label="Commit">
        {deployment.commitSha ? (
          deployment.commitUrl ? (
            <a
              className={`${link} font-mono`}
              href={deployment.commitUrl}
              target="_blank"
              rel="noreferrer"
            >
              {deployment.commitSha.slice(0, 7)}
            </a>
          ) : (
            <span className="font-mono">{deployment.commitSha.slice(0, 7)}</span>
          )
        ) : (
          '—'
        )}
        {deployment.commitMessage ? ` ${deployment.commitMessage.split('\n')[0]}` : ''}
      </Fact>
      <Fact label="Author">{deployment.commitAuthorLogin ?? deployment.commitAuthor ?? '—'}</Fact>
      <Fact label="Branch">{deployment.branch ?? '—'}</Fact>
      <Fact label="Pull request">
        {deployment.pullRequestUrl ? (
          <a className={link} href={deployment.pullRequestUrl} target="_blank" rel="noreferrer">
            #{deployment.pullRequestId}
          </a>
        ) : (
          '—'
        )}
      </Fact>
      <Fact label="URL">
        <a className={link} href={deployment.url} target="_blank" rel="noreferrer">
          {deployment.url.replace(/^https:\/\//, '')}
        </a>
      </Fact>
      <Fact label="Created">
        <RelativeTime value={deployment.createdAt} />
      </Fact>
    </dl>
  );
}

type ChosenAction = { action: VercelAction; deployment: VercelDeployment };

/**
 * What someone fixing a bad deploy reaches for first: production back to the last good build,
 * the same commit built again, or a stuck build stopped. Each asks before it acts.
 */
function TriageActions({
  deployment,
  rollbackTarget,
}: {
  deployment: VercelDeployment;
  rollbackTarget: VercelDeployment | null;
}) {
  const [chosen, setChosen] = useState<ChosenAction | null>(null);
  const building = actionsFor(deployment).includes('cancel');
  const canRollBack =
    deployment.target === 'production' &&
    rollbackTarget !== null &&
    rollbackTarget.id !== deployment.id;
  return (
    <div className="flex flex-wrap gap-2">
      {canRollBack ? (
        <Button
          size="sm"
          onClick={() => setChosen({ action: 'rollback', deployment: rollbackTarget })}
        >
          <History aria-hidden="true" />
          Roll back to <span className="font-mono">{deploymentName(rollbackTarget)}</span> (last
          good)
        </Button>
      ) : null}
      {building ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setChosen({ action: 'cancel', deployment })}
        >
          <Ban aria-hidden="true" />
          Cancel build
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setChosen({ action: 'redeploy', deployment })}
        >
          <RefreshCw aria-hidden="true" />
          Redeploy
        </Button>
      )}
      <ConfirmVercelAction
        action={chosen?.action ?? null}
        deployment={chosen?.deployment ?? deployment}
        onClose={() => setChosen(null)}
      />
    </div>
  );
}

/** A deployment, and for a failed one what is needed to triage it. */
export function DeploymentTriage({ id }: { id: string }) {
  const query = useVercelDeployment(id);
  const canAct = useVercelCanAct();
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10 text-sm text-zinc-500 dark:text-zinc-400">
        <Spinner label="Loading deployment…" />
      </div>
    );
  }
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <EmptyState
        icon={<SearchX />}
        title={vercelMessages.deploymentNotFound}
        className="bg-white dark:bg-zinc-900/40"
      />
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title={vercelMessages.loadDeployment}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { deployment, buildLog, lastReadyProduction, rollbackTarget } = query.data;
  const failed = deployment.state === 'ERROR';
  return (
    <div className="space-y-6">
      <Card aria-labelledby="deployment-title">
        <CardHeader
          titleId="deployment-title"
          title={
            <span className="flex flex-wrap items-center gap-2">
              {deployment.projectName}
              <DeploymentStatusBadge state={deployment.state} labels="repository" />
              <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">
                {deployment.target === 'production' ? 'Production' : 'Preview'}
              </span>
            </span>
          }
          description={failed && deployment.errorMessage ? deployment.errorMessage : undefined}
        />
        <CardBody className="space-y-4">
          <Facts deployment={deployment} />
          {canAct ? (
            <TriageActions deployment={deployment} rollbackTarget={rollbackTarget} />
          ) : (
            <VercelViewOnlyNotice />
          )}
        </CardBody>
      </Card>
      <Card aria-labelledby="build-log-title">
        <CardHeader
          title="Build log (last lines)"
          titleId="build-log-title"
          icon={<TerminalSquare />}
        />
        <CardBody>
          {buildLog === null ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{vercelMessages.unavailable}</p>
          ) : buildLog.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No build output.</p>
          ) : (
            <pre className="max-h-96 overflow-auto rounded-md bg-zinc-950 p-3 text-xs leading-5 text-zinc-100">
              {buildLog.map((line, index) => (
                <div
                  key={`${line.createdAt}-${index}`}
                  className={
                    line.level === 'error'
                      ? 'text-red-400'
                      : line.level === 'warning'
                        ? 'text-amber-300'
                        : undefined
                  }
                >
                  {plainLogText(line.text)}
                </div>
              ))}
            </pre>
          )}
        </CardBody>
      </Card>
      {failed ? (
        <Card aria-labelledby="production-serves-title">
          <CardHeader title="What production still serves" titleId="production-serves-title" />
          {lastReadyProduction ? (
            <ul>
              <DeploymentRow deployment={lastReadyProduction} />
            </ul>
          ) : (
            <CardBody>
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                This project has no ready production deployment.
              </p>
            </CardBody>
          )}
        </Card>
      ) : null}
    </div>
  );
}
