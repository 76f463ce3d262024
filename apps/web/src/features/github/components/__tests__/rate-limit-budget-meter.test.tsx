import { insightsMessages } from '@shipdeck/shared/insights';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { RateLimitBudgetMeter } from '../rate-limit-budget-meter';

const user = buildUser({ githubId: '583231', githubLogin: 'octocat' });

describe('RateLimitBudgetMeter', () => {
  it('shows the budget left and when it resets, in words and as a meter', async () => {
    mockApi({
      'GET /api/github/rate-limit': ok({
        limit: 5000,
        remaining: 4962,
        reset: '2026-11-23T11:00:00.000Z',
        syncedAt: new Date().toISOString(),
      }),
    });
    renderApp(<RateLimitBudgetMeter />, { url: '/settings', user });
    expect(await screen.findByText(/4,962 of 5,000 requests left, resets at/)).toBeInTheDocument();
    const meter = screen.getByRole('meter', { name: 'GitHub API budget left' });
    expect(meter).toHaveAttribute('value', '4962');
    expect(meter).toHaveAttribute('max', '5000');
  });

  it('says when the budget cannot be read, with Try Again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/github/rate-limit': () => {
        calls += 1;
        return calls === 1
          ? fail(500, 'Server error', 'INTERNAL')
          : ok({ limit: 60, remaining: 0, reset: '2026-11-23T11:00:00.000Z', syncedAt: null });
      },
    });
    renderApp(<RateLimitBudgetMeter />, { url: '/settings', user });
    expect(await screen.findByText(insightsMessages.budgetUnavailable)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/0 of 60 requests left/)).toBeInTheDocument();
  });
});
