import { githubRedirectParams } from '@shipdeck/shared/github-auth';
import { sessionHandoffMessages } from '@shipdeck/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { paths } from '@/config/paths';
import { useExchangeOAuthCode } from '@/features/auth/api/exchange-oauth-code';

/** Read once and removed from the address bar at once, so the code stays out of history. */
function takeCode(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('code');
  url.searchParams.delete('code');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  return code;
}

/** Where the GitHub callback lands: trades its one-time code for a session, then moves on. */
export function GithubCompleteRoute() {
  const navigate = useNavigate();
  const exchange = useExchangeOAuthCode();
  const [code] = useState(takeCode);
  // The code works once; StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const failed = `${paths.login}?${githubRedirectParams.loginError}=auth_failed`;
    if (!code) {
      void navigate(failed, { replace: true });
      return;
    }
    exchange.mutate(
      { code },
      {
        onSuccess: () => void navigate(paths.dashboard, { replace: true }),
        onError: () => void navigate(failed, { replace: true }),
      },
    );
  }, [code, exchange, navigate]);

  return (
    <>
      <title>Signing in · Shipdeck</title>
      <FullPageSpinner label={sessionHandoffMessages.signingIn} />
    </>
  );
}
