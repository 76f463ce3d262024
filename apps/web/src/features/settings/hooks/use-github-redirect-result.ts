import { githubRedirectParams } from '@shipdeck/shared/constants';
import { successMessages } from '@shipdeck/shared/messages';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { oauthErrorMessage } from '@/features/auth/hooks/use-oauth-error';
import { toast } from '@/lib/toast';

export type GithubRedirectResult = { kind: 'connected' | 'error'; message: string } | null;

/**
 * After connecting GitHub the server sends the browser to /settings?github=connected or
 * /settings?github_error=<reason>. Read it once, tell the user, and clean the address bar.
 */
export function useGithubRedirectResult(): GithubRedirectResult {
  const [searchParams, setSearchParams] = useSearchParams();
  const connected = searchParams.get(githubRedirectParams.settingsResult) === 'connected';
  const errorCode = searchParams.get(githubRedirectParams.settingsError);
  const [result] = useState<GithubRedirectResult>(() => {
    if (errorCode !== null) return { kind: 'error', message: oauthErrorMessage(errorCode) };
    if (connected) return { kind: 'connected', message: successMessages.githubConnected };
    return null;
  });

  useEffect(() => {
    if (!result) return;
    // The id keeps React's development double-run of effects from showing it twice.
    if (result.kind === 'error') toast.error(result.message, { id: result.message });
    else toast.success(result.message, { id: result.message });
  }, [result]);

  const present = connected || errorCode !== null;
  useEffect(() => {
    if (!present) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(githubRedirectParams.settingsResult);
        next.delete(githubRedirectParams.settingsError);
        return next;
      },
      { replace: true },
    );
  }, [present, setSearchParams]);

  return result;
}
