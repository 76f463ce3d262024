import { errorMessages, successMessages } from '@shipdeck/shared/messages';
import { validationMessages } from '@shipdeck/shared/sign-in-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { SignupRoute } from '../signup';

type Values = { username?: string; email?: string; password?: string; confirm?: string };

async function fillAndSubmit(values: Values) {
  const user = userEvent.setup();
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

const valid = {
  username: 'octocat',
  email: 'mona@example.com',
  password: 'secret1',
  confirm: 'secret1',
};

describe('signup page', () => {
  it('requires username, email and password', async () => {
    const { requests } = mockApi({});
    renderApp(<SignupRoute />, { url: '/signup' });

    await fillAndSubmit({});

    expect(screen.getByText(validationMessages.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(validationMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(validationMessages.passwordRequired)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('checks length, address format and that the passwords match', async () => {
    const { requests } = mockApi({});
    renderApp(<SignupRoute />, { url: '/signup' });

    await fillAndSubmit({
      username: 'ab',
      email: 'not-an-email',
      password: '123',
      confirm: '1234',
    });

    expect(screen.getByText(validationMessages.usernameMin)).toBeInTheDocument();
    expect(screen.getByText(validationMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(validationMessages.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(validationMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('reports a confirmation mismatch on its own', async () => {
    mockApi({});
    renderApp(<SignupRoute />, { url: '/signup' });

    await fillAndSubmit({ ...valid, confirm: 'secret2' });

    expect(screen.getByText(validationMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(validationMessages.passwordMin)).not.toBeInTheDocument();
  });

  it('clears only the edited field’s error', async () => {
    mockApi({});
    renderApp(<SignupRoute />, { url: '/signup' });
    await fillAndSubmit({});

    await userEvent.type(screen.getByLabelText('Username'), 'x');

    expect(screen.queryByText(validationMessages.usernameRequired)).not.toBeInTheDocument();
    expect(screen.getByText(validationMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(validationMessages.passwordRequired)).toBeInTheDocument();
  });

  it('shows and hides both password fields', async () => {
    mockApi({});
    renderApp(<SignupRoute />, { url: '/signup' });
    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm password');
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(confirm).toHaveAttribute('type', 'text');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('creates the account, says so and goes to /login', async () => {
    const { requests } = mockApi({
      'POST /auth/signup': { status: 201, body: { success: true, data: { user: buildUser() } } },
    });
    renderApp(<SignupRoute />, { url: '/signup' });

    await fillAndSubmit(valid);

    expect(await screen.findByText(successMessages.accountCreated)).toBeInTheDocument();
    expect(await screen.findByText('/login page at /login')).toBeInTheDocument();
    // The confirmation never leaves the browser.
    expect(requests[0]?.body).toEqual({
      username: 'octocat',
      email: 'mona@example.com',
      password: 'secret1',
    });
  });

  it('shows the server’s reason when the username is taken', async () => {
    mockApi({ 'POST /auth/signup': fail(409, errorMessages.usernameTaken, 'CONFLICT') });
    renderApp(<SignupRoute />, { url: '/signup' });

    await fillAndSubmit(valid);

    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.usernameTaken);
    expect(window.location.pathname).not.toBe('/login');
  });

  it('puts server field errors on their fields', async () => {
    mockApi({
      'POST /auth/signup': fail(400, 'Validation failed', 'VALIDATION_ERROR', [
        { field: 'body.username', message: validationMessages.usernamePattern },
      ]),
    });
    renderApp(<SignupRoute />, { url: '/signup' });

    await fillAndSubmit(valid);

    expect(await screen.findByText(validationMessages.usernamePattern)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to the generic text when the server fails', async () => {
    mockApi({ 'POST /auth/signup': { status: 503, body: 'upstream down' } });
    renderApp(<SignupRoute />, { url: '/signup' });

    await fillAndSubmit(valid);

    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.signupFailed);
  });
});
