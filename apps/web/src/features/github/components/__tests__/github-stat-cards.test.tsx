import { errorMessages } from '@shipdeck/shared/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DashboardRoute } from '@/app/routes/app/dashboard';
import { buildPagination, buildRepository } from '@/testing/github-data';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';

const connected = buildUser({ githubId: '583231', githubLogin: 'octocat' });

const stats = {
  totalRepos: 1234,
  totalCommits: 98765,
  openIssues: 12,
  totalStars: 4321,
  totalForks: 9,
  changes: { totalRepos: 12.5, totalCommits: null, openIssues: -3, totalStars: 0 },
};

const repos = ok({
  repositories: Array.from({ length: 20 }, (_, index) =>
    buildRepository({ id: index + 1, name: `repo-${index + 1}` }),
  ),
  pagination: buildPagination(1, 20, 40),
});

function card(label: string): HTMLElement {
  return screen.getByText(label).closest('div[class*="rounded-lg"]') as HTMLElement;
}

describe('dashboard with GitHub connected', () => {
  it('shows the four totals with real changes, and "—" where none is known', async () => {
    mockApi({ 'GET /api/github/stats': ok(stats), 'GET /api/github/repos': repos });
    renderApp(<DashboardRoute />, { url: '/dashboard', user: connected });

    expect(await screen.findByText((1234).toLocaleString())).toBeInTheDocument();
    expect(within(card('Total Repositories')).getByText('+12.5%')).toBeInTheDocument();
    expect(
      within(card('Commits (30 days)')).getByText((98765).toLocaleString()),
    ).toBeInTheDocument();
    expect(within(card('Commits (30 days)')).getByText('—')).toBeInTheDocument();
    expect(within(card('Open Issues')).getByText('-3%')).toBeInTheDocument();
    expect(within(card('Total Stars')).getByText('0%')).toBeInTheDocument();
    expect(screen.getAllByText(/vs last month/)).toHaveLength(4);
  });

  it('labels the commit count with its 30-day window, and shows an unknown one as "—", never 0', async () => {
    mockApi({
      'GET /api/github/stats': ok({ ...stats, totalCommits: null }),
      'GET /api/github/repos': repos,
    });
    renderApp(<DashboardRoute />, { url: '/dashboard', user: connected });

    expect(await screen.findByText((1234).toLocaleString())).toBeInTheDocument();
    expect(screen.queryByText('Total Commits')).not.toBeInTheDocument();
    const commits = card('Commits (30 days)');
    expect(within(commits).getByTitle('GitHub could not tell right now')).toHaveTextContent('—');
    expect(within(commits).queryByText('0')).not.toBeInTheDocument();
  });

  it('asks for 20 recent repositories and shows the first 6, linked to their pages', async () => {
    const { requests } = mockApi({
      'GET /api/github/stats': ok(stats),
      'GET /api/github/repos': repos,
    });
    renderApp(<DashboardRoute />, { url: '/dashboard', user: connected });

    const section = await screen.findByRole('region', { name: 'Recent Repositories' });
    expect(await within(section).findByRole('link', { name: 'repo-1' })).toHaveAttribute(
      'href',
      '/repo/octocat/repo-1',
    );
    expect(within(section).getAllByRole('listitem')).toHaveLength(6);
    expect(within(section).queryByRole('link', { name: 'repo-7' })).not.toBeInTheDocument();
    expect(requests.find((r) => r.url === '/api/github/repos')?.params).toEqual({
      page: 1,
      perPage: 20,
      filter: 'all',
      sort: 'updated',
    });
  });

  it('falls back to dashes and offers Try Again when the calls fail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let statsCalls = 0;
    mockApi({
      'GET /api/github/stats': () => {
        statsCalls += 1;
        return statsCalls === 1 ? fail(502, 'down', 'PROVIDER_ERROR') : ok(stats);
      },
      'GET /api/github/repos': fail(502, 'down', 'PROVIDER_ERROR'),
    });
    renderApp(<DashboardRoute />, { url: '/dashboard', user: connected });

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent?.includes(errorMessages.loadData))).toBe(true);
    expect(within(card('Total Stars')).getAllByText('—')).toHaveLength(2);

    await userEvent.click(screen.getAllByRole('button', { name: 'Try Again' })[0] as HTMLElement);
    expect(await screen.findByText((4321).toLocaleString())).toBeInTheDocument();
  });

  // Spec §2: Vercel Projects only with GitHub connected; Deployment Status is Vercel's own panel.
  it('shows no Vercel Projects panel and no stat cards before GitHub is connected', async () => {
    mockApi({});
    renderApp(<DashboardRoute />, { url: '/dashboard', user: buildUser() });

    expect(await screen.findByText('GitHub not connected')).toBeInTheDocument();
    expect(screen.queryByText('Total Repositories')).not.toBeInTheDocument();
    expect(screen.queryByText('Vercel Projects')).not.toBeInTheDocument();
  });
});
