import type { Meta } from '@shipdeck/shared/meta';
import { signInSuccessMessages } from '@shipdeck/shared/sign-in-messages';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { GithubSignInOption } from '@/features/auth/components/github-sign-in-option';
import { GuestRoute } from '@/features/auth/components/guest-route';
import { SignupForm } from '@/features/auth/components/signup-form';
import { getMeta } from '@/features/meta/api/meta';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { toast } from '@/lib/toast';

// Only where the instance does not take everyone, or from an invitation link: an open instance's
// /signup stays within its 100 KB first-load budget.
const SignupAccess = lazy(() =>
  import('@/features/auth/components/signup-access').then((module) => ({
    default: module.SignupAccess,
  })),
);

export function SignupRoute() {
  const navigate = useNavigate();
  const invitation = useSearchParams()[0].get('invitation');
  const [meta, setMeta] = useState<Meta | null>(null);
  useEffect(() => {
    // Not known: the form stays, and the server still refuses a sign-up it does not allow.
    getMeta().then(setMeta, () => undefined);
  }, []);
  const onSuccess = (email: string) => {
    toast.success(signInSuccessMessages.accountCreated);
    void navigate(paths.login, { state: { email } });
  };
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
        {invitation !== null || (meta && meta.signups !== 'open') ? (
          <Suspense fallback={null}>
            <SignupAccess meta={meta} invitation={invitation} onSuccess={onSuccess} />
          </Suspense>
        ) : (
          <div className="space-y-5">
            <GithubSignInOption />
            <SignupForm onSuccess={onSuccess} />
          </div>
        )}
      </AuthLayout>
    </GuestRoute>
  );
}
