import type { NotificationSource } from '@shipdeck/shared/notification-constants';
import { notificationTexts } from '@shipdeck/shared/notification-constants';
import { GithubIcon } from '@/components/icons/github-icon';
import { cx } from '@/utils/cx';

/** The small Shipdeck mark (the logo's ship on its tile). */
function ShipdeckMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" className="fill-zinc-900 dark:fill-zinc-50" />
      <path
        d="M8 19.5 16 8l8 11.5h-5.2V24h-5.6v-4.5z"
        className="fill-zinc-50 dark:fill-zinc-900"
      />
    </svg>
  );
}

export function sourceLabel(source: NotificationSource): string {
  return source === 'github' ? notificationTexts.sourceGithub : notificationTexts.sourceShipdeck;
}

/** Where an item comes from: GitHub's mark or Shipdeck's, named for screen readers. */
export function SourceMark({
  source,
  className,
}: {
  source: NotificationSource;
  className?: string;
}) {
  const label = sourceLabel(source);
  return (
    <span
      title={label}
      data-source={source}
      className={cx(
        'inline-flex size-4 shrink-0 items-center justify-center text-zinc-900 dark:text-zinc-100',
        className,
      )}
    >
      {source === 'github' ? (
        <GithubIcon className="size-4" />
      ) : (
        <ShipdeckMark className="size-4" />
      )}
      <span className="sr-only">{label}</span>
    </span>
  );
}
