import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsRoute } from '@/app/routes/app/settings';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';

describe('GitHub API budget in Settings', () => {
  it('shows what is left of the rate limit and when it resets', async () => {
    const { requests } = mockApi({
      'GET /auth/stats': ok({ stats: {} }),
      'GET /api/github/rate-limit': ok({
        limit: 5000,
        remaining: 3120,
        reset: new Date(Date.now() + 42 * 60_000 - 1_000).toISOString(),
        syncedAt: new Date().toISOString(),
      }),
    });
    renderApp(<SettingsRoute />, {
      url: '/settings',
      user: buildUser({ githubId: '583231', githubLogin: 'octocat' }),
    });
    expect(screen.getByRole('heading', { name: 'GitHub API Budget' })).toBeInTheDocument();
    expect(
      await screen.findByText(/3,120 of 5,000 requests left, resets in 42 min/),
    ).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'GitHub API budget left' })).toHaveAttribute(
      'value',
      '3120',
    );
    expect(requests.some((request) => request.url === '/api/github/rate-limit')).toBe(true);
  });

  it('is not shown, and not asked for, before GitHub is connected', () => {
    const { requests } = mockApi({ 'GET /auth/stats': ok({ stats: {} }) });
    renderApp(<SettingsRoute />, { url: '/settings', user: buildUser() });
    expect(screen.queryByRole('heading', { name: 'GitHub API Budget' })).toBeNull();
    expect(requests.some((request) => request.url === '/api/github/rate-limit')).toBe(false);
  });
});
