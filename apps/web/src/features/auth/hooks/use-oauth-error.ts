import { oauthErrorFallback, oauthErrorMessages } from '@shipdeck/shared/sign-in-messages';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export function oauthErrorMessage(code: string): string {
  return Object.hasOwn(oauthErrorMessages, code)
    ? (oauthErrorMessages[code] ?? oauthErrorFallback)
    : oauthErrorFallback;
}

/**
 * The message for the `?error=` the OAuth callback sent back, read once; the parameter is
 * then removed from the address bar so a reload does not show it again.
 */
export function useOAuthError(): string | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('error');
  const [message] = useState(() => (code === null ? null : oauthErrorMessage(code)));

  useEffect(() => {
    if (code === null) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [code, setSearchParams]);

  return message;
}
