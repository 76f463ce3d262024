import { checkEmail, normaliseEmail } from '@shipdeck/shared/auth-checks';
import { mailUiTexts } from '@shipdeck/shared/mail';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-error';
import { requestPasswordReset } from '../api/request-password-reset';
import { useAuthForm } from '../hooks/use-auth-form';
import { EmailField } from './email-field';

const FIELDS = ['email'] as const;

/** Asks for a reset link; afterwards says where it went, in words that reveal no account. */
type ForgotPasswordFormProps = {
  /** Demo mode: the mail lands in the server's demo mailbox (/_demo/mail), not an inbox. */
  demoMailbox?: boolean;
};

export function ForgotPasswordForm({ demoMailbox = false }: ForgotPasswordFormProps) {
  const { formRef, fieldProps, formError, setFormError, isPending, submitWith } = useAuthForm(
    FIELDS,
    { email: '' },
    ({ email }) => ({ email: checkEmail(email) ?? undefined }),
  );
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = submitWith(async ({ email }) => {
    const address = normaliseEmail(email);
    try {
      await requestPasswordReset({ email: address });
    } catch (error) {
      setFormError(getErrorMessage(error, mailUiTexts.forgotTitle));
      return;
    }
    setSentTo(address);
  });

  if (sentTo) {
    return (
      <Alert variant="info">
        <p>{mailUiTexts.forgotSent(sentTo)}</p>
        {demoMailbox ? (
          <p className="mt-2">
            {mailUiTexts.demoMailHint}{' '}
            {/* A server page, not a route of this app: a full page load. */}
            <a
              href="/_demo/mail"
              className="font-medium text-blue-600 hover:underline dark:text-blue-400"
            >
              {mailUiTexts.demoMailOpen}
            </a>
          </p>
        ) : null}
      </Alert>
    );
  }
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <EmailField {...fieldProps('email')} />
      <SubmitButton size="lg" className="w-full" loading={isPending}>
        {isPending ? mailUiTexts.forgotSubmitting : mailUiTexts.forgotSubmit}
      </SubmitButton>
    </form>
  );
}
