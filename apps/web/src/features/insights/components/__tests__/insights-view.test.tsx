import type { DoraResult } from '@shipdeck/shared/insights';
import {
  CHANGE_FAILURE_RULE,
  DORA_SURVEY_NOTE,
  insightsMessages,
} from '@shipdeck/shared/insights-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InsightsRoute } from '@/app/routes/app/insights';
import { type RecordedRequest, fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser } from '@/testing/test-data';

const user = buildUser({ githubId: '583231', githubLogin: 'octocat' });

const trend = (values: (number | null)[]) =>
  values.map((value, index) => ({ start: `2026-11-${String(17 + index)}`, value }));

function doraAnswer(days: number, overrides: Partial<DoraResult> = {}): DoraResult {
  return {
    days,
    repo: null,
    from: '2026-11-17T00:00:00.000Z',
    to: '2026-11-24T00:00:00.000Z',
    bucket: 'day',
    hasDeploymentData: true,
    repositories: ['octocat/shipdeck', 'octocat/hello-world'],
    syncedAt: new Date().toISOString(),
    metrics: {
      deploymentFrequency: {
        band: 'high',
        total: 9,
        perDay: 1.29,
        medianDeploymentDaysPerWeek: 5,
        medianDeploymentDaysPerMonth: 5,
        deploymentCount: 9,
        trend: trend([1, 2, 0, 1, 3, 0, 2]),
        explanation: '9 production deployments reached READY in the last 7 days.',
      },
      leadTime: {
        band: 'elite',
        medianMinutes: 126,
        changeCount: 7,
        deploymentCount: 6,
        trend: trend([100, null, null, 130, 126, null, 90]),
        explanation: "Median time from a change's first commit to production: 2.1 h.",
      },
      changeFailureRate: {
        band: 'low',
        percent: 20,
        failedCount: 2,
        errorCount: 1,
        revertCount: 1,
        rollbackCount: 0,
        deploymentCount: 10,
        trend: trend([0, 50, null, 0, 33.3, null, 0]),
        explanation: `2 of 10 finished production deployments failed. ${CHANGE_FAILURE_RULE}`,
      },
      timeToRestore: {
        band: null,
        medianMinutes: null,
        restoredCount: 0,
        unrestoredCount: 1,
        deploymentCount: 1,
        trend: trend([null, null, null, null, null, null, null]),
        explanation: 'No failed production deployment in this window has been restored yet.',
      },
    },
    ...overrides,
  };
}

describe('insights page', () => {
  it('shows the four keys with their figures, bands in words, trends and how each was computed', async () => {
    const { requests } = mockApi({ 'GET /api/insights/dora': ok(doraAnswer(30)) });
    renderApp(<InsightsRoute />, { url: '/insights', user });

    const frequency = await screen.findByRole('region', { name: 'Deployment frequency' });
    expect(within(frequency).getByText('1.29 / day')).toBeInTheDocument();
    expect(within(frequency).getByText(/High band/)).toBeInTheDocument();
    expect(
      within(frequency).getByText(/Between once per day and once per week/),
    ).toBeInTheDocument();
    expect(
      within(frequency).getByText(/Production deployments per day: .*2 deployments/),
    ).toBeInTheDocument();

    const lead = screen.getByRole('region', { name: 'Lead time for changes' });
    expect(within(lead).getByText('2.1 h')).toBeInTheDocument();
    expect(within(lead).getByText(/Elite band/)).toBeInTheDocument();

    const failures = screen.getByRole('region', { name: 'Change failure rate' });
    expect(within(failures).getByText('20%')).toBeInTheDocument();
    expect(within(failures).getByText(/Low band/)).toBeInTheDocument();
    expect(within(failures).getByText(/is a revert/)).toBeInTheDocument();

    const restore = screen.getByRole('region', { name: 'Time to restore service' });
    expect(within(restore).getByText('—')).toBeInTheDocument();
    expect(within(restore).getByText('No band: not enough data')).toBeInTheDocument();

    expect(screen.getByText(DORA_SURVEY_NOTE)).toBeInTheDocument();
    expect(requests[0]?.params).toEqual({ days: 30 });
  });

  it('asks the server again for another window and repository', async () => {
    const { requests } = mockApi({
      'GET /api/insights/dora': ({ params }: RecordedRequest) =>
        ok(doraAnswer(Number(params.days))),
    });
    renderApp(<InsightsRoute />, { url: '/insights', user });
    await screen.findByRole('region', { name: 'Deployment frequency' });

    await userEvent.selectOptions(screen.getByLabelText('Window'), 'Last 90 days');
    await waitFor(() => expect(requests.at(-1)?.params).toEqual({ days: 90 }));
    await userEvent.selectOptions(screen.getByLabelText('Repository'), 'octocat/shipdeck');
    await waitFor(() =>
      expect(requests.at(-1)?.params).toEqual({ days: 90, repo: 'octocat/shipdeck' }),
    );
  });

  it('keeps offering every repository once one is chosen (a scoped answer lists only its own)', async () => {
    const { requests } = mockApi({
      'GET /api/insights/dora': ({ params }: RecordedRequest) =>
        ok(
          doraAnswer(Number(params.days), {
            repo: typeof params.repo === 'string' ? params.repo : null,
            ...(typeof params.repo === 'string' ? { repositories: [params.repo] } : {}),
          }),
        ),
    });
    renderApp(<InsightsRoute />, { url: '/insights', user });
    await screen.findByRole('region', { name: 'Deployment frequency' });

    const selector = screen.getByLabelText('Repository');
    await userEvent.selectOptions(selector, 'octocat/shipdeck');
    await waitFor(() =>
      expect(requests.at(-1)?.params).toEqual({ days: 30, repo: 'octocat/shipdeck' }),
    );
    await userEvent.selectOptions(selector, 'octocat/hello-world');
    await waitFor(() =>
      expect(requests.at(-1)?.params).toEqual({ days: 30, repo: 'octocat/hello-world' }),
    );
    expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All repositories', 'octocat/shipdeck', 'octocat/hello-world']);
  });

  it('says there is no deployment data yet instead of showing zeros', async () => {
    mockApi({
      'GET /api/insights/dora': ok(doraAnswer(30, { hasDeploymentData: false, repositories: [] })),
    });
    renderApp(<InsightsRoute />, { url: '/insights', user });
    expect(await screen.findByText(insightsMessages.noDeploymentsTitle)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Deployment frequency' })).not.toBeInTheDocument();
  });

  it('shows the error with Try Again, and recovers', async () => {
    let calls = 0;
    mockApi({
      'GET /api/insights/dora': () => {
        calls += 1;
        return calls === 1 ? fail(503, 'Down', 'UPSTREAM') : ok(doraAnswer(30));
      },
    });
    renderApp(<InsightsRoute />, { url: '/insights', user });
    expect(await screen.findByText(insightsMessages.loadInsights)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Deployment frequency' })).toBeInTheDocument();
  });
});
