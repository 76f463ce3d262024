import { type ServerVercelAccess, serverVercelAccessLabels } from '@shipdeck/shared/admin';
import { adminMessages } from '@shipdeck/shared/instance-access-messages';
import { Settings2 } from 'lucide-react';
import { useId } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useAdminSettings } from '../api/get-admin-settings';
import { useUpdateAdminSettings } from '../api/update-admin-settings';
import { SectionPending } from './section-pending';

const ACCESS_LEVELS: readonly ServerVercelAccess[] = ['off', 'view', 'act'];

/** What members may do with the server's own Vercel account; saved as soon as it is chosen. */
export function SettingsSection() {
  const settings = useAdminSettings();
  const update = useUpdateAdminSettings();
  const explanationId = useId();
  if (!settings.data) {
    return (
      <SectionPending
        query={settings}
        loadingLabel="Loading settings…"
        errorTitle={adminMessages.loadSettings}
      />
    );
  }
  const { serverVercelAccess, serverVercelAccount } = settings.data;
  const choose = (access: ServerVercelAccess) =>
    update.mutate(access, {
      onSuccess: () => toast.success(adminMessages.settingsSaved),
      onError: (error) => toast.error(getErrorMessage(error, adminMessages.saveSettings)),
    });

  return (
    <Card aria-labelledby="admin-settings-title">
      <CardHeader
        icon={<Settings2 />}
        title="Instance settings"
        titleId="admin-settings-title"
        description="They apply to every account on this instance."
      />
      <CardBody>
        <fieldset
          disabled={!serverVercelAccount || update.isPending}
          aria-describedby={serverVercelAccount ? undefined : explanationId}
          className="min-w-0"
        >
          <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {adminMessages.serverVercelAccessLegend}
          </legend>
          {serverVercelAccount ? null : (
            <p id={explanationId} className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              {adminMessages.noServerVercelAccount}
            </p>
          )}
          <div className="mt-3 space-y-2">
            {ACCESS_LEVELS.map((access) => (
              <label
                key={access}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-zinc-200 px-3 py-2.5 text-sm text-zinc-800 has-checked:border-blue-600 has-checked:bg-blue-50/60 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-zinc-800 dark:text-zinc-200 dark:has-checked:border-blue-400 dark:has-checked:bg-blue-950/30"
              >
                <input
                  type="radio"
                  name="serverVercelAccess"
                  value={access}
                  checked={serverVercelAccess === access}
                  onChange={() => choose(access)}
                  className="mt-0.5 size-4 shrink-0 accent-blue-600 dark:accent-blue-400"
                />
                <span className="min-w-0">{serverVercelAccessLabels[access]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </CardBody>
    </Card>
  );
}
