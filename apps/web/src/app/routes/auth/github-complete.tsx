import type { LoginResult } from '@shipdeck/shared/auth';
import { githubRedirectParams } from '@shipdeck/shared/constants';
import { sessionHandoffMessages } from '@shipdeck/shared/messages';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { paths } from '@/config/paths';
import { exchangeOAuthCode, useStartSession } from '@/features/auth/api/exchange-oauth-code';

/** Read once and removed from the address bar at once, so the code stays out of history. */
function takeCode(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('code');
  url.searchParams.delete('code');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  return code;
}

/**
 * The code works once and leaves the address bar when read, so it and its exchange live outside
 * the component: a remount (StrictMode, or a lazy boundary suspending again) picks up the same
 * exchange instead of finding no code and reporting a failure.
 */
let handoff: { code: string | null; result?: Promise<LoginResult> } | undefined;

/** Where the GitHub callback lands: trades its one-time code for a session, then moves on. */
export function GithubCompleteRoute() {
  const navigate = useNavigate();
  const startSession = useStartSession();

  useEffect(() => {
    handoff ??= { code: takeCode() };
    const current = handoff;
    const failed = `${paths.login}?${githubRedirectParams.loginError}=auth_failed`;
    if (!current.code) {
      handoff = undefined;
      void navigate(failed, { replace: true });
      return;
    }
    current.result ??= exchangeOAuthCode({ code: current.code });
    let mounted = true;
    current.result.then(
      (result) => {
        if (!mounted) return;
        handoff = undefined;
        startSession(result);
        void navigate(paths.dashboard, { replace: true });
      },
      () => {
        if (!mounted) return;
        handoff = undefined;
        void navigate(failed, { replace: true });
      },
    );
    return () => {
      mounted = false;
    };
  }, [navigate, startSession]);

  return (
    <>
      <title>Signing in · Shipdeck</title>
      <FullPageSpinner label={sessionHandoffMessages.signingIn} />
    </>
  );
}
