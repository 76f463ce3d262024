import { useMeta } from '@/features/meta/api/get-meta';
import { ConnectGithubButton } from './connect-github-button';
import { ConnectGithubTokenDialog } from './connect-github-token-dialog';

/**
 * Every way this server offers to connect GitHub: OAuth where an OAuth app is registered (or in
 * demo mode), and a personal access token always, the only way on a server without an app.
 */
export function ConnectGithubActions() {
  const { data: meta } = useMeta();
  const oauth = meta?.githubSignIn === true;
  return (
    <div className="flex flex-wrap items-center justify-center gap-2">
      {oauth ? <ConnectGithubButton /> : null}
      <ConnectGithubTokenDialog
        showTrigger
        triggerLabel={oauth ? 'Use a token' : 'Connect with a token'}
        triggerVariant={oauth ? 'outline' : 'primary'}
        triggerSize="md"
      />
    </div>
  );
}
