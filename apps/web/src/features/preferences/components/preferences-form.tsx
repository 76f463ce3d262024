import type { Preferences } from '@shipdeck/shared/auth';
import { mailUiTexts } from '@shipdeck/shared/mail';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useUser } from '@/features/auth/hooks/use-session';
import { useMeta } from '@/features/meta/api/get-meta';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useUpdatePreferences } from '../api/update-preferences';
import { TestEmailButton } from './test-email-button';
import { EmailNotificationSwitches, useBrowserTimeZone } from './email-notification-switches';

type Flag = {
  [K in keyof Preferences]: Preferences[K] extends boolean ? K : never;
}[keyof Preferences];

const OPTIONS: readonly { key: Flag; label: string; description: string }[] = [
  {
    key: 'notifications',
    label: 'In-app notifications',
    description: 'Show merged pull requests, deployment results and new commits under the bell.',
  },
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    // Replaced by what the server says (mailUiTexts) once /api/meta answers.
    description: mailUiTexts.emailNotificationsOn,
  },
  {
    key: 'githubSync',
    label: 'GitHub sync',
    description:
      'Refresh repositories, commits and pull requests in the background every few minutes. Off: they refresh when you open a page that shows them.',
  },
  {
    key: 'vercelSync',
    label: 'Vercel sync',
    description:
      "Refresh projects and deployments in the background every few minutes. Off: only Vercel's webhooks update them.",
  },
];

type PreferencesFormProps = {
  /** The profile and settings pages word their toasts differently (spec §8). */
  successMessage: string;
  errorMessage: string;
};

export function PreferencesForm({ successMessage, errorMessage }: PreferencesFormProps) {
  const user = useUser();
  const [draft, setDraft] = useState<Preferences>(user.preferences);
  const update = useUpdatePreferences();
  const mail = useMeta().data?.mail;
  // The digest's hour is read in the zone this browser reports; saving sends it along.
  const zone = useBrowserTimeZone(user.preferences.timeZone);
  const changed =
    (Object.keys(draft) as (keyof Preferences)[]).some(
      (key) => draft[key] !== user.preferences[key],
    ) ||
    (draft.emailDigest && zone !== user.preferences.timeZone);

  const save = () => {
    update.mutate(
      { ...draft, timeZone: zone },
      {
        onSuccess: (saved) => {
          setDraft(saved.preferences);
          toast.success(successMessage);
        },
        onError: (error) => toast.error(getErrorMessage(error, errorMessage)),
      },
    );
  };

  return (
    <Card aria-labelledby="preferences-title">
      <CardHeader
        icon={<SlidersHorizontal />}
        title="Preferences"
        titleId="preferences-title"
        description="Choose what Shipdeck keeps in sync and how it tells you about changes."
      />
      <CardBody density="compact">
        <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {OPTIONS.map((option) => (
            <div key={option.key}>
              <Switch
                label={option.label}
                description={
                  option.key === 'emailNotifications' && mail === false
                    ? mailUiTexts.emailNotificationsOff
                    : option.description
                }
                checked={draft[option.key]}
                onCheckedChange={(checked) =>
                  setDraft((current) => ({ ...current, [option.key]: checked }))
                }
              />
              {option.key === 'emailNotifications' ? (
                <EmailNotificationSwitches
                  draft={draft}
                  disabled={!draft.emailNotifications || mail === false}
                  timeZone={zone}
                  onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))}
                />
              ) : null}
            </div>
          ))}
        </div>
      </CardBody>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
        {mail ? (
          <span className="mr-auto">
            <TestEmailButton />
          </span>
        ) : null}
        {changed ? (
          <span className="text-xs text-zinc-500 dark:text-zinc-400">Unsaved changes</span>
        ) : null}
        <Button onClick={save} loading={update.isPending}>
          Save Preferences
        </Button>
      </div>
    </Card>
  );
}
