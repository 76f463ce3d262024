import { mailUiTexts } from '@shipdeck/shared/mail';
import { useState, useTransition } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { confirmEmailChange } from '@/features/auth/api/confirm-email-change';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { getErrorMessage } from '@/lib/api-error';

/**
 * /confirm-email?token=…: the link mailed to a new address. Confirmed by a button, not on load:
 * mail scanners open links, and one must not make the change for the person. Works signed in or
 * not (the token is the proof), and sends no Referer, as the token is a secret until used.
 */
export function ConfirmEmailRoute() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : mailUiTexts.confirmEmailInvalid);
  const [isPending, startTransition] = useTransition();

  const confirm = () =>
    startTransition(async () => {
      setError(null);
      try {
        setConfirmed(await confirmEmailChange({ token }));
      } catch (failure) {
        setError(getErrorMessage(failure, mailUiTexts.confirmEmailInvalid));
      }
    });

  return (
    <>
      <title>Confirm your new email · Shipdeck</title>
      <meta name="referrer" content="no-referrer" />
      <AuthLayout
        title={mailUiTexts.confirmEmailTitle}
        description={mailUiTexts.confirmEmailIntro}
        actions={<ThemeToggle />}
        footer={
          <Link
            to={paths.dashboard}
            className="font-medium text-blue-600 hover:underline dark:text-blue-400"
          >
            {mailUiTexts.openShipdeck}
          </Link>
        }
      >
        <div className="space-y-4">
          {error ? <Alert>{error}</Alert> : null}
          {confirmed ? (
            <Alert variant="info">{mailUiTexts.confirmEmailDone(confirmed)}</Alert>
          ) : token ? (
            <Button size="lg" className="w-full" loading={isPending} onClick={confirm}>
              {mailUiTexts.confirmEmailSubmit}
            </Button>
          ) : null}
        </div>
      </AuthLayout>
    </>
  );
}
