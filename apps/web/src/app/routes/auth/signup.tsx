import { signInSuccessMessages } from '@shipdeck/shared/sign-in-messages';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { GithubSignInOption } from '@/features/auth/components/github-sign-in-option';
import { GuestRoute } from '@/features/auth/components/guest-route';
import { SignupForm } from '@/features/auth/components/signup-form';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { toast } from '@/lib/toast';

export function SignupRoute() {
  const navigate = useNavigate();
  return (
    <GuestRoute>
      <title>Create your account · Shipdeck</title>
      <AuthLayout
        title="Create your account"
        description="Free forever. No setup, no credit card."
        actions={<ThemeToggle />}
        footer={
          <>
            Already have an account?{' '}
            <Link
              to={paths.login}
              className="font-medium text-blue-600 hover:underline dark:text-blue-400"
            >
              Log in
            </Link>
          </>
        }
      >
        <div className="space-y-5">
          <GithubSignInOption />
          <SignupForm
            onSuccess={(email) => {
              toast.success(signInSuccessMessages.accountCreated);
              void navigate(paths.login, { state: { email } });
            }}
          />
        </div>
      </AuthLayout>
    </GuestRoute>
  );
}
