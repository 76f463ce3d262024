import { Plug } from 'lucide-react';
import type { ReactNode } from 'react';
import { GithubIcon } from '@/components/icons/github-icon';
import { VercelIcon } from '@/components/icons/vercel-icon';
import { Badge } from '@/components/ui/badge';
import { Alert } from '@/components/ui/alert';
import { Card, CardHeader } from '@/components/ui/card';
import { useUser } from '@/features/auth/hooks/use-session';
import { ConnectGithubButton } from '@/features/github/components/connect-github-button';
import { DisconnectGithubDialog } from './disconnect-github-dialog';
import { VercelIntegrationAction } from '@/features/vercel/components/vercel-integration-action';
import { vercelConnectionDetail } from '@/features/vercel/vercel-connection-detail';
import { useGithubRedirectResult } from '../hooks/use-github-redirect-result';
import { ConnectGithubTokenDialog } from '@/features/github/components/connect-github-token-dialog';
import { useMeta } from '@/features/meta/api/get-meta';

type IntegrationRowProps = {
  icon: ReactNode;
  name: string;
  connected: boolean;
  detail: ReactNode;
  action?: ReactNode;
};

function IntegrationRow({ icon, name, connected, detail, action }: IntegrationRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-4 sm:px-5">
      <span className="flex size-9 items-center justify-center rounded-md border border-zinc-200 text-zinc-900 dark:border-zinc-700 dark:text-zinc-100 [&_svg]:size-4">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{name}</h3>
          <Badge variant={connected ? 'success' : 'secondary'} size="sm">
            {connected ? 'Connected' : 'Not Connected'}
          </Badge>
        </div>
        <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{detail}</p>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </li>
  );
}

export function IntegrationsCard() {
  const user = useUser();
  const githubConnected = user.githubId !== null;
  const redirectResult = useGithubRedirectResult();
  // Without an OAuth app on the server, the token is the only way to connect.
  const oauth = useMeta().data?.githubSignIn === true;

  return (
    <Card aria-labelledby="integrations-title">
      <CardHeader
        icon={<Plug />}
        title="Integrations"
        titleId="integrations-title"
        description="The accounts Shipdeck reads your code and deployments from."
      />
      {redirectResult?.kind === 'error' ? (
        <div className="px-4 pt-4 sm:px-5">
          <Alert>{redirectResult.message}</Alert>
        </div>
      ) : null}
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        <IntegrationRow
          icon={<GithubIcon />}
          name="GitHub"
          connected={githubConnected}
          detail={
            githubConnected
              ? user.hasPassword
                ? `Signed in as ${user.githubLogin ?? 'your GitHub account'}. Repositories, commits and pull requests come from here.`
                : `Signed in as ${user.githubLogin ?? 'your GitHub account'}. You sign in with GitHub only: set a password on your Profile page before disconnecting.`
              : 'Connect to see your repositories, commits and pull requests.'
          }
          action={
            <div className="flex flex-wrap gap-2">
              {githubConnected ? (
                <DisconnectGithubDialog />
              ) : oauth ? (
                <ConnectGithubButton size="sm" label="Connect" />
              ) : null}
              {/* Mounted either way: its result stays on screen once the token connects. */}
              <ConnectGithubTokenDialog
                showTrigger={!githubConnected}
                triggerLabel={oauth ? 'Use a token' : 'Connect with a token'}
                triggerVariant={oauth ? 'outline' : 'primary'}
              />
            </div>
          }
        />
        <IntegrationRow
          icon={<VercelIcon />}
          name="Vercel"
          connected={user.vercelConnected}
          detail={vercelConnectionDetail(user.vercel)}
          action={<VercelIntegrationAction />}
        />
      </ul>
    </Card>
  );
}
