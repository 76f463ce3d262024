import { signupAccessMessages } from '@shipdeck/shared/instance-access-messages';
import { signInErrorMessages, signInSuccessMessages } from '@shipdeck/shared/sign-in-messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { SignupRoute } from '../signup';

function meta(signups: 'open' | 'invite' | 'closed', signupEmailDomains: string[] = []) {
  return ok({
    demoMode: false,
    githubSignIn: true,
    githubWebUrl: 'https://github.com',
    version: 'test',
    signups,
    signupEmailDomains,
  });
}

const adminInvitation = ok({
  email: 'ada@example.com',
  role: 'admin',
  invitedBy: 'mona',
  expiresAt: '2099-01-08T00:00:00.000Z',
});

async function fillAndSubmit(values: { username: string; email?: string; password: string }) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.type(screen.getByLabelText('Confirm password'), values.password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign-up page of an instance that does not take everyone', () => {
  it('says an invite-only instance is invite-only before anyone types, with no form', async () => {
    mockApi({ 'GET /api/meta': meta('invite') });
    renderApp(<SignupRoute />, { url: '/signup' });

    expect(await screen.findByText(signInErrorMessages.signupsInviteOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue with GitHub' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('says sign-ups are closed, with no form', async () => {
    mockApi({ 'GET /api/meta': meta('closed', ['example.com']) });
    renderApp(<SignupRoute />, { url: '/signup' });

    expect(await screen.findByText(signInErrorMessages.signupsClosed)).toBeInTheDocument();
    // Domains let people in only on an invite-only instance.
    expect(screen.queryByText(/example\.com/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('names the domains that may still sign up, and keeps the form for them', async () => {
    const { requests } = mockApi({
      'GET /api/meta': meta('invite', ['example.com', 'example.org']),
      'POST /auth/signup': { status: 201, body: { success: true, data: { user: buildUser() } } },
    });
    renderApp(<SignupRoute />, { url: '/signup' });

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(signInErrorMessages.signupsInviteOnly);
    expect(notice).toHaveTextContent(
      `${signupAccessMessages.domainsAllowed} example.com, example.org`,
    );
    await fillAndSubmit({ username: 'octocat', email: 'mona@example.com', password: 'secret1' });

    expect(await screen.findByText('/login page at /login')).toBeInTheDocument();
    expect(requests.find((request) => request.url === '/auth/signup')?.body).toEqual({
      username: 'octocat',
      email: 'mona@example.com',
      password: 'secret1',
    });
  });

  it('shows the server’s message when it refuses the sign-up (SIGNUPS_CLOSED)', async () => {
    mockApi({
      'GET /api/meta': meta('invite', ['example.com']),
      'POST /auth/signup': fail(403, signInErrorMessages.signupsInviteOnly, 'SIGNUPS_CLOSED'),
    });
    renderApp(<SignupRoute />, { url: '/signup' });
    await screen.findByRole('status');

    await fillAndSubmit({ username: 'octocat', email: 'mona@elsewhere.dev', password: 'secret1' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      signInErrorMessages.signupsInviteOnly,
    );
  });
});

describe('sign-up from an invitation link', () => {
  it('says who invited whom as what, fills in and fixes the address, and sends the invitation', async () => {
    const { requests } = mockApi({
      'GET /api/meta': meta('invite'),
      'POST /auth/invitation': adminInvitation,
      'POST /auth/signup': {
        status: 201,
        body: { success: true, data: { user: buildUser({ email: 'ada@example.com' }) } },
      },
    });
    renderApp(<SignupRoute />, { url: '/signup?invitation=tok_123' });

    expect(await screen.findByText(signupAccessMessages.invitedBy('mona'))).toBeInTheDocument();
    expect(screen.getByText(signupAccessMessages.asAdmin)).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText(signupAccessMessages.emailFixed)).toBeInTheDocument();
    // Accepting with GitHub carries the invitation through the server's sign-in.
    expect(screen.getByRole('link', { name: 'Continue with GitHub' })).toHaveAttribute(
      'href',
      '/auth/github?invitation=tok_123',
    );

    await fillAndSubmit({ username: 'ada', password: 'secret1' });

    expect(await screen.findByText(signInSuccessMessages.accountCreated)).toBeInTheDocument();
    expect(await screen.findByText('/login page at /login')).toBeInTheDocument();
    expect(requests.find((request) => request.url === '/auth/invitation')?.body).toEqual({
      invitation: 'tok_123',
    });
    expect(requests.find((request) => request.url === '/auth/signup')?.body).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret1',
      invitation: 'tok_123',
    });
  });

  it('leaves the address free when the invitation names none', async () => {
    mockApi({
      'GET /api/meta': meta('closed'),
      'POST /auth/invitation': ok({
        email: null,
        role: 'member',
        invitedBy: null,
        expiresAt: '2099-01-08T00:00:00.000Z',
      }),
    });
    renderApp(<SignupRoute />, { url: '/signup?invitation=tok_open' });

    expect(await screen.findByText(signupAccessMessages.invited)).toBeInTheDocument();
    expect(screen.queryByText(signupAccessMessages.asAdmin)).not.toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('');
    expect(email).not.toHaveAttribute('readonly');
  });

  it('says why a used invitation cannot be used, and what the instance allows instead', async () => {
    mockApi({
      'GET /api/meta': meta('invite'),
      'POST /auth/invitation': fail(410, signInErrorMessages.invitationUsed, 'GONE'),
    });
    renderApp(<SignupRoute />, { url: '/signup?invitation=tok_used' });

    expect(await screen.findByRole('alert')).toHaveTextContent(signInErrorMessages.invitationUsed);
    expect(screen.getByRole('status')).toHaveTextContent(signInErrorMessages.signupsInviteOnly);
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('keeps the form of an open instance under the message of an expired invitation', async () => {
    mockApi({
      'POST /auth/invitation': fail(410, signInErrorMessages.invitationExpired, 'GONE'),
    });
    renderApp(<SignupRoute />, { url: '/signup?invitation=tok_old' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(signInErrorMessages.invitationExpired);
    const form = screen.getByRole('button', { name: 'Create account' }).closest('form');
    expect(form).not.toBeNull();
    expect(within(form as HTMLFormElement).getByLabelText('Email')).toHaveValue('');
  });
});
