import { mailUiTexts } from '@shipdeck/shared/mail';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ConfirmEmailRoute } from '../confirm-email';

describe('confirm email page', () => {
  it('confirms on the button, not on load, and says which address the account uses now', async () => {
    const { requests } = mockApi({
      'POST /auth/email-change/confirm': ok({ email: 'new@example.com' }),
    });
    renderApp(<ConfirmEmailRoute />, {
      url: '/confirm-email?token=sde_abc',
      path: '/confirm-email',
    });
    expect(requests.some((r) => r.url === '/auth/email-change/confirm')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: mailUiTexts.confirmEmailSubmit }));
    expect(
      await screen.findByText(mailUiTexts.confirmEmailDone('new@example.com')),
    ).toBeInTheDocument();
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'POST', body: { token: 'sde_abc' } }),
    );
  });

  it('says a refused link is used, cancelled or expired', async () => {
    mockApi({
      'POST /auth/email-change/confirm': fail(
        400,
        mailUiTexts.confirmEmailInvalid,
        'VALIDATION_ERROR',
      ),
    });
    renderApp(<ConfirmEmailRoute />, {
      url: '/confirm-email?token=sde_old',
      path: '/confirm-email',
    });
    await userEvent.click(screen.getByRole('button', { name: mailUiTexts.confirmEmailSubmit }));
    expect(await screen.findByText(mailUiTexts.confirmEmailInvalid)).toBeInTheDocument();
  });
});
