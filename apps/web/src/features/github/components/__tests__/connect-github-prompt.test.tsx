import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { ConnectGithubPrompt } from '../connect-github-prompt';

const enterprise = 'https://ghe.example.com';

function meta(githubSignIn: boolean) {
  return ok({ demoMode: false, githubSignIn, githubWebUrl: enterprise, version: 'test' });
}

describe('"GitHub not connected" prompt', () => {
  it('offers only the token form on a server without an OAuth app', async () => {
    mockApi({ 'GET /api/meta': meta(false) });
    renderApp(<ConnectGithubPrompt subject="your repositories" />, {
      url: '/repositories',
      user: buildUser(),
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Connect with a token' }));
    expect(screen.queryByRole('button', { name: 'Connect GitHub' })).toBeNull();

    const dialog = await screen.findByRole('dialog', { name: 'Connect GitHub with a token' });
    expect(within(dialog).getByText(/needs the repo and read:org scopes/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/metadata, contents, pull requests,? and commit statuses/),
    ).toBeInTheDocument();
    // Where to make a token is on this installation's GitHub server, not github.com.
    expect(
      within(dialog).getByRole('link', { name: 'ghe.example.com/settings/tokens' }),
    ).toHaveAttribute('href', `${enterprise}/settings/tokens`);
  });

  it('offers the token form beside OAuth where the server has an OAuth app', async () => {
    mockApi({ 'GET /api/meta': meta(true) });
    renderApp(<ConnectGithubPrompt subject="your repositories" />, {
      url: '/repositories',
      user: buildUser(),
    });

    expect(await screen.findByRole('button', { name: 'Connect GitHub' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a token' })).toBeInTheDocument();
  });
});
