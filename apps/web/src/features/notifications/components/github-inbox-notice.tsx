import type { GithubInboxState } from '@shipdeck/shared/notification-constants';
import { notificationTexts } from '@shipdeck/shared/notification-constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';

type GithubInboxNoticeProps = {
  state: GithubInboxState;
  /** The app's "connect GitHub" prompt, given by the page (it belongs to the GitHub feature). */
  connectGithub?: ReactNode;
  /** GitHub's page for a new classic token with the notifications scope, on this installation's GitHub. */
  classicTokenUrl?: string;
};

const linkClasses =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200';

/** Why the inbox holds no GitHub threads, and how to get them; nothing when they are synced. */
export function GithubInboxNotice({
  state,
  connectGithub,
  classicTokenUrl,
}: GithubInboxNoticeProps) {
  if (state === 'synced') return null;
  if (state === 'not-connected')
    return connectGithub ? <div className="mb-4">{connectGithub}</div> : null;
  const unsupported = state === 'unsupported-token';
  return (
    <Alert variant="info" className="mb-4">
      <p className="font-semibold text-zinc-900 dark:text-zinc-50">
        {unsupported
          ? notificationTexts.githubInboxUnsupportedTitle
          : notificationTexts.githubInboxMissingScopeTitle}
      </p>
      <p className="mt-1">
        {unsupported
          ? notificationTexts.githubInboxUnsupported
          : notificationTexts.githubInboxMissingScope}
      </p>
      <p className="mt-1">
        {unsupported
          ? notificationTexts.githubInboxUnsupportedFix
          : notificationTexts.githubInboxMissingScopeFix}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <Link to={paths.settings} className={linkClasses}>
          {notificationTexts.githubInboxSettings}
        </Link>
        {classicTokenUrl ? (
          <a
            href={classicTokenUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClasses}
          >
            {notificationTexts.githubInboxNewToken}
          </a>
        ) : null}
      </p>
    </Alert>
  );
}
