import type { Preferences } from '@shipdeck/shared/auth';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useUser } from '@/features/auth/hooks/use-session';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useUpdatePreferences } from '../api/update-preferences';

const OPTIONS: readonly { key: keyof Preferences; label: string; description: string }[] = [
  {
    key: 'notifications',
    label: 'In-app notifications',
    description: 'Show merged pull requests, deployment results and new commits under the bell.',
  },
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'Shipdeck sends no email yet; this choice is kept for when it does.',
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
  const changed = OPTIONS.some(({ key }) => draft[key] !== user.preferences[key]);

  const save = () => {
    update.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(saved.preferences);
        toast.success(successMessage);
      },
      onError: (error) => toast.error(getErrorMessage(error, errorMessage)),
    });
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
            <Switch
              key={option.key}
              label={option.label}
              description={option.description}
              checked={draft[option.key]}
              onCheckedChange={(checked) =>
                setDraft((current) => ({ ...current, [option.key]: checked }))
              }
            />
          ))}
        </div>
      </CardBody>
      <div className="flex items-center justify-end gap-3 border-t border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
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
