import { errorMessages } from '@shipdeck/shared/messages';
import { oauthErrorMessages } from '@shipdeck/shared/sign-in-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { navigateFullPage } from '@/utils/full-page-navigation';
import { ConnectGithubButton } from '../connect-github-button';

vi.mock('@/utils/full-page-navigation', () => ({ navigateFullPage: vi.fn() }));

describe('Connect GitHub (signed in)', () => {
  beforeEach(() => vi.mocked(navigateFullPage).mockClear());

  it('asks the server for a link URL with the session, then leaves for it', async () => {
    const url = 'https://github.com/login/oauth/authorize?state=abc';
    const { requests } = mockApi({ 'POST /auth/github/link': ok({ url }) });
    renderApp(<ConnectGithubButton />, { url: '/settings', user: buildUser() });

    await userEvent.click(screen.getByRole('button', { name: 'Connect GitHub' }));

    await vi.waitFor(() => expect(navigateFullPage).toHaveBeenCalledWith(url));
    expect(requests[0]?.headers.Authorization).toBe('Bearer test-token');
  });

  it('says GitHub is not configured when the server has no OAuth app', async () => {
    mockApi({
      'POST /auth/github/link': fail(
        503,
        'GitHub OAuth is not configured. Please contact support.',
        'SERVICE_UNAVAILABLE',
      ),
    });
    renderApp(<ConnectGithubButton />, { url: '/settings', user: buildUser() });

    await userEvent.click(screen.getByRole('button', { name: 'Connect GitHub' }));

    expect(
      await screen.findByText(oauthErrorMessages.oauth_not_configured ?? ''),
    ).toBeInTheDocument();
    expect(screen.queryByText(errorMessages.server)).not.toBeInTheDocument();
    expect(navigateFullPage).not.toHaveBeenCalled();
  });
});
