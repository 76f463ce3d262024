import { errorMessages } from '@shipdeck/shared/messages';
import { GithubIcon } from '@/components/icons/github-icon';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { ApiError } from '@/lib/api-error';
import { ConnectGithubActions } from './connect-github-actions';

type GithubLoadErrorProps = {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
};

/**
 * A failed GitHub read: "connect GitHub" when the server has no (working) grant for this
 * user, otherwise the screen's error text with Try Again.
 */
export function GithubLoadError({
  title,
  error,
  onRetry,
  retrying,
  className,
}: GithubLoadErrorProps) {
  if (error instanceof ApiError && error.code === 'GITHUB_NOT_CONNECTED') {
    return (
      <EmptyState
        icon={<GithubIcon />}
        title="GitHub not connected"
        description={error.serverMessage ?? errorMessages.githubNotConnected}
        action={<ConnectGithubActions />}
        className={className}
      />
    );
  }
  const unavailable = error instanceof ApiError && error.code === 'PROVIDER_ERROR';
  return (
    <LoadError
      title={title}
      error={error}
      onRetry={onRetry}
      retrying={retrying}
      description={
        unavailable
          ? `${errorMessages.githubUnavailable} ${errorMessages.checkConsole}`
          : errorMessages.checkConsole
      }
      className={className}
    />
  );
}
