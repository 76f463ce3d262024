import { insightsMessages } from '@shipdeck/shared/insights-constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';
import { RateLimitBudgetMeter, resetsIn } from '../rate-limit-budget-meter';

const user = buildUser({ githubId: '583231', githubLogin: 'octocat' });

describe('RateLimitBudgetMeter', () => {
  it('shows the budget left and when it resets, in words and as a meter', async () => {
    mockApi({
      'GET /api/github/rate-limit': ok({
        limit: 5000,
        remaining: 4962,
        // 14 minutes and a few seconds from now: shown rounded up, as GitHub refills on the second.
        reset: new Date(Date.now() + 14 * 60_000 + 5_000).toISOString(),
        syncedAt: new Date().toISOString(),
      }),
    });
    renderApp(<RateLimitBudgetMeter />, { url: '/settings', user });
    expect(
      await screen.findByText(/4,962 of 5,000 requests left, resets in 15 min/),
    ).toBeInTheDocument();
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

  it('words the time to the reset in minutes, then hours', () => {
    const now = Date.parse('2026-11-23T10:00:00.000Z');
    expect(resetsIn('2026-11-23T09:59:00.000Z', now)).toBe('resets now');
    expect(resetsIn('2026-11-23T10:00:30.000Z', now)).toBe('resets in 1 min');
    expect(resetsIn('2026-11-23T10:59:00.000Z', now)).toBe('resets in 59 min');
    expect(resetsIn('2026-11-23T11:00:00.000Z', now)).toBe('resets in 1 h');
    expect(resetsIn('2026-11-23T11:25:00.000Z', now)).toBe('resets in 1 h 25 min');
  });
});
