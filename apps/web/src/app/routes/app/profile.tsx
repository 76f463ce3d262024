import { errorMessages, successMessages } from '@shipdeck/shared/messages';
import { PageHeader } from '@/components/ui/page-header';
import { PreferencesForm } from '@/features/preferences/components/preferences-form';
import { AccountInformation } from '@/features/profile/components/account-information';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { ProfileInformation } from '@/features/profile/components/profile-information';

export function ProfileRoute() {
  return (
    <>
      <title>Profile Settings · Shipdeck</title>
      <PageHeader
        title="Profile Settings"
        description="Manage your profile, password and preferences."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ProfileInformation />
          <ChangePasswordForm />
          <PreferencesForm
            successMessage={successMessages.preferencesUpdated}
            errorMessage={errorMessages.updatePreferences}
          />
        </div>
        <div>
          <AccountInformation />
        </div>
      </div>
    </>
  );
}
