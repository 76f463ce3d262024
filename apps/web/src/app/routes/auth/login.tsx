import { signInLinkTexts } from '@shipdeck/shared/sign-in-messages';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { GithubSignInOption } from '@/features/auth/components/github-sign-in-option';
import { GuestRoute } from '@/features/auth/components/guest-route';
import { LoginForm } from '@/features/auth/components/login-form';
import { useOAuthError } from '@/features/auth/hooks/use-oauth-error';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

function emailFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    return typeof state.email === 'string' ? state.email : '';
  }
  return '';
}

export function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const oauthError = useOAuthError();
  return (
    <GuestRoute>
      <title>Sign in · Shipdeck</title>
      <AuthLayout
        title="Sign in to Shipdeck"
        description="Your repositories, pull requests and deployments in one place."
        actions={<ThemeToggle />}
        footer={
          <>
            Don&apos;t have an account?{' '}
            <Link
              to={paths.signup}
              className="font-medium text-blue-600 hover:underline dark:text-blue-400"
            >
              Sign up
            </Link>
          </>
        }
      >
        <div className="space-y-5">
          {oauthError ? <Alert>{oauthError}</Alert> : null}
          <GithubSignInOption />
          <LoginForm
            initialEmail={emailFromState(location.state)}
            onSuccess={() => void navigate(paths.dashboard, { replace: true })}
          />
          <p className="text-right text-sm">
            <Link
              to={paths.forgotPassword}
              className="font-medium text-blue-600 hover:underline dark:text-blue-400"
            >
              {signInLinkTexts.forgotPassword}
            </Link>
          </p>
        </div>
      </AuthLayout>
    </GuestRoute>
  );
}
