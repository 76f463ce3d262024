import { errorMessages } from '@shipdeck/shared/messages';
import { Alert } from '@/components/ui/alert';
import { serverPaths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';

/** True when the server wants a fresh GitHub sign-in before this change. */
export function needsReauth(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'REAUTH_REQUIRED';
}

/** Tells a GitHub-only account how to prove it is theirs, with the way to do it. */
export function ReauthNotice() {
  return (
    <Alert>
      <p>{errorMessages.reauthRequired}</p>
      <a
        href={serverPaths.githubAuth}
        className="mt-1 inline-block font-medium underline underline-offset-2"
      >
        Sign in with GitHub again
      </a>
    </Alert>
  );
}
