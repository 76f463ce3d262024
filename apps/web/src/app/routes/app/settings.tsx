import { errorMessages, successMessages } from '@shipdeck/shared/messages';
import { PageHeader } from '@/components/ui/page-header';
import { PreferencesForm } from '@/features/preferences/components/preferences-form';
import { AccountStatusCard } from '@/features/settings/components/account-status-card';
import { DangerZoneCard } from '@/features/settings/components/danger-zone-card';
import { GithubBudgetCard } from '@/features/settings/components/github-budget-card';
import { IntegrationsCard } from '@/features/settings/components/integrations-card';
import { QuickLinksCard } from '@/features/settings/components/quick-links-card';

export function SettingsRoute() {
  return (
    <>
      <title>Settings · Shipdeck</title>
      <PageHeader title="Settings" description="Integrations, preferences and your account." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <IntegrationsCard />
          <PreferencesForm
            successMessage={successMessages.preferencesSaved}
            errorMessage={errorMessages.savePreferences}
          />
          <DangerZoneCard />
        </div>
        <div className="space-y-6">
          <AccountStatusCard />
          <GithubBudgetCard />
          <QuickLinksCard />
        </div>
      </div>
    </>
  );
}
