import type { Meta } from '@shipdeck/shared/meta';
import { mailUiTexts } from '@shipdeck/shared/mail';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { GuestRoute } from '@/features/auth/components/guest-route';
import { getMeta } from '@/features/meta/api/meta';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

/**
 * /forgot-password: mails a reset link where the server sends email; where it does not, says who
 * can reset the password instead (an admin, in /admin or on the command line).
 */
export function ForgotPasswordRoute() {
  const [meta, setMeta] = useState<Meta | null>(null);
  useEffect(() => {
    // Like /signup, this page ships no query cache. Not known: the form stays, which is harmless.
    getMeta().then(setMeta, () => undefined);
  }, []);
  return (
    <GuestRoute>
      <title>Reset your password · Shipdeck</title>
      <AuthLayout
        title={mailUiTexts.forgotTitle}
        description={meta?.mail === false ? undefined : mailUiTexts.forgotIntro}
        actions={<ThemeToggle />}
        footer={
          <Link
            to={paths.login}
            className="font-medium text-blue-600 hover:underline dark:text-blue-400"
          >
            {mailUiTexts.backToLogin}
          </Link>
        }
      >
        {meta?.mail === false ? (
          <Alert variant="info">{mailUiTexts.forgotNoMail}</Alert>
        ) : (
          <ForgotPasswordForm demoMailbox={meta?.demoMode === true} />
        )}
      </AuthLayout>
    </GuestRoute>
  );
}
