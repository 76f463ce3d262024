import type { Preferences } from '@shipdeck/shared/auth';
import type { EmailSubscriptionKind } from '@shipdeck/shared/mail';
import {
  emailSubscriptionLabels,
  emailSubscriptionPreference,
  mailUiTexts,
} from '@shipdeck/shared/mail';
import { useId, useSyncExternalStore } from 'react';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';

const KINDS = [
  'deployment-failed',
  'review-requested',
  'review-verdict',
  'checks-failed',
] as const satisfies readonly EmailSubscriptionKind[];

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The zone this browser is in: the digest's hour is read in it (sent with the preferences). */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const noSubscription = () => () => undefined;

/**
 * The browser's zone; `stored` while the page is drawn on the server and hydrated, so the
 * server-drawn Settings and the browser's first render agree.
 */
export function useBrowserTimeZone(stored: string): string {
  return useSyncExternalStore(noSubscription, browserTimeZone, () => stored);
}

type EmailNotificationSwitchesProps = {
  draft: Preferences;
  onChange: (changes: Partial<Preferences>) => void;
  /** Off while the Email notifications switch is off, or the server sends no mail. */
  disabled: boolean;
  /** The zone the digest's hour is read in (the browser's). */
  timeZone: string;
};

/** Each kind's switch and the daily digest's, under the Email notifications switch (which gates them). */
export function EmailNotificationSwitches({
  draft,
  onChange,
  disabled,
  timeZone,
}: EmailNotificationSwitchesProps) {
  const hourId = useId();
  return (
    <div
      className="ml-4 border-l border-zinc-200 pl-4 dark:border-zinc-800"
      aria-label={mailUiTexts.emailKindsTitle}
      role="group"
    >
      <p className="pt-1 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {mailUiTexts.emailKindsTitle}
      </p>
      {KINDS.map((kind) => {
        const key = emailSubscriptionPreference[kind];
        return (
          <Switch
            key={kind}
            label={emailSubscriptionLabels[kind]}
            checked={draft[key]}
            disabled={disabled}
            onCheckedChange={(checked) => onChange({ [key]: checked })}
          />
        );
      })}
      <Switch
        label={mailUiTexts.digestTitle}
        description={mailUiTexts.digestDescription}
        checked={draft.emailDigest}
        disabled={disabled}
        onCheckedChange={(checked) => onChange({ emailDigest: checked })}
      />
      {draft.emailDigest ? (
        <div className="flex flex-wrap items-center gap-3 pb-3">
          <label htmlFor={hourId} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {mailUiTexts.digestHourLabel}
          </label>
          <Select
            id={hourId}
            className="w-28"
            value={draft.digestHour}
            disabled={disabled}
            onChange={(event) => onChange({ digestHour: Number(event.target.value) })}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {`${String(hour).padStart(2, '0')}:00`}
              </option>
            ))}
          </Select>
          <span className="text-sm text-zinc-500 dark:text-zinc-400">
            {mailUiTexts.digestTimeZone(timeZone)}
          </span>
        </div>
      ) : null}
    </div>
  );
}
