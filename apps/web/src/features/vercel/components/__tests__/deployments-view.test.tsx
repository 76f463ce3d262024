import { errorMessages } from '@shipdeck/shared/messages';
import type { VercelDeployment } from '@shipdeck/shared/vercel';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildVercelUser } from '@/testing/test-data';
import { DeploymentsView } from '../deployments-view';

const user = buildVercelUser();

const failedDeployment: VercelDeployment = {
  id: 'dpl_failed1',
  projectId: 'prj_1',
  projectName: 'shipdeck-web',
  state: 'ERROR',
  target: 'production',
  url: 'https://shipdeck-web-abc123.vercel.app',
  inspectorUrl: null,
  branch: 'main',
  commitSha: '9c0cfba1234567890abcdef1234567890abcdef',
  commitMessage: 'fix: schema graph\n\nlong body',
  commitAuthor: 'The Octocat',
  commitAuthorLogin: 'octocat',
  pullRequestId: 42,
  repository: {
    fullName: 'octocat/shipdeck',
    id: 1,
    htmlUrl: 'https://github.com/octocat/shipdeck',
  },
  commitUrl: 'https://github.com/octocat/shipdeck/commit/9c0cfba1234567890abcdef1234567890abcdef',
  pullRequestUrl: 'https://github.com/octocat/shipdeck/pull/42',
  createdAt: '2026-11-23T09:00:00.000Z',
  buildingAt: '2026-11-23T09:00:05.000Z',
  readyAt: null,
  errorCode: 'BUILD_FAILED',
  errorMessage: 'Command "npm run build" exited with 1',
};

const pagination = (total: number) => ({ total, limit: 50, offset: 0, hasNext: false });
const noProjects = ok({ projects: [], pagination: pagination(0), syncedAt: null });

describe('deployments page', () => {
  it('shows the load error with Try Again, and the list once the retry succeeds', async () => {
    let calls = 0;
    mockApi({
      'GET /api/vercel/projects': noProjects,
      'GET /api/vercel/deployments': () => {
        calls += 1;
        return calls === 1
          ? fail(503, 'Vercel could not be reached', 'PROVIDER_UNAVAILABLE')
          : ok({
              deployments: [failedDeployment],
              pagination: pagination(1),
              syncedAt: '2026-11-23T09:05:00.000Z',
            });
      },
    });
    renderApp(<DeploymentsView />, { url: '/deployments', user });

    expect(await screen.findByText(errorMessages.loadDeployments)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    const project = await screen.findByRole('link', { name: 'shipdeck-web' });
    expect(project).toHaveAttribute('href', '/deployments/dpl_failed1');
    const row = within(project.closest('li') ?? document.body);
    expect(row.getByText('Failed')).toBeInTheDocument();
    expect(row.getByRole('link', { name: /9c0cfba/ })).toHaveAttribute(
      'href',
      failedDeployment.commitUrl,
    );
    expect(row.getByRole('link', { name: /#42/ })).toHaveAttribute(
      'href',
      failedDeployment.pullRequestUrl,
    );
    expect(row.getByRole('link', { name: /shipdeck-web-abc123\.vercel\.app/ })).toHaveAttribute(
      'href',
      failedDeployment.url,
    );
    expect(calls).toBe(2);
  });

  it('says there are no deployments yet, and none that match once filtered', async () => {
    mockApi({
      'GET /api/vercel/projects': noProjects,
      'GET /api/vercel/deployments': ok({
        deployments: [],
        pagination: pagination(0),
        syncedAt: '2026-11-23T09:05:00.000Z',
      }),
    });
    renderApp(<DeploymentsView />, { url: '/deployments', user });
    expect(await screen.findByText('No deployments yet')).toBeInTheDocument();
    expect(await screen.findByText('No Vercel projects yet')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Filter'), 'error');
    expect(await screen.findByText('No deployments match')).toBeInTheDocument();
  });
});
