import { passwordResetMessages } from '@shipdeck/shared/instance-access-messages';
import { signInErrorMessages, signInSuccessMessages } from '@shipdeck/shared/sign-in-messages';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { clearToken } from '@/lib/token-storage';
import { toast } from '@/lib/toast';

/**
 * /reset-password?token=…: the link a password reset hands out. The token is a secret until it
 * is used, so the page sends no Referer anywhere (the server's Referrer-Policy says the same for
 * its first load) and links only to this app's own pages. Once the password is set, every session
 * of the account has ended: the person signs in with it on /login.
 */
export function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <>
      <title>Reset your password · Shipdeck</title>
      <meta name="referrer" content="no-referrer" />
      <AuthLayout
        title={passwordResetMessages.title}
        description={passwordResetMessages.description}
        actions={<ThemeToggle />}
        footer={
          <>
            Remembered it?{' '}
            <Link
              to={paths.login}
              className="font-medium text-blue-600 hover:underline dark:text-blue-400"
            >
              Sign in
            </Link>
          </>
        }
      >
        {token === '' ? (
          <Alert>{signInErrorMessages.passwordResetInvalid}</Alert>
        ) : (
          <ResetPasswordForm
            token={token}
            onSuccess={() => {
              // The reset ended this account's sessions; one stored in this browser is gone too.
              clearToken();
              toast.success(signInSuccessMessages.passwordReset);
              void navigate(paths.login, { replace: true });
            }}
          />
        )}
      </AuthLayout>
    </>
  );
}
