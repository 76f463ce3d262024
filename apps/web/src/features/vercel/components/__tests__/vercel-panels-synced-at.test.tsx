import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildVercelUser } from '@/testing/test-data';
import { DeploymentStatusPanel } from '../deployment-status-panel';
import { VercelProjectsGrid } from '../vercel-projects-grid';

const user = buildVercelUser();
const syncedAt = '2026-11-23T09:00:00.000Z';

describe("the dashboard's Vercel panels", () => {
  it('say when their data is from: the last Vercel sync that succeeded', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T09:12:00.000Z'), shouldAdvanceTime: true });
    mockApi({
      'GET /api/vercel/status': ok({
        deploymentStatus: [
          {
            projectId: 'prj_1',
            projectName: 'shipdeck-web',
            deploymentId: 'dpl_1',
            status: 'READY',
            url: 'https://shipdeck-web-abc.vercel.app',
            branch: 'main',
            createdAt: '2026-11-23T08:00:00.000Z',
            updatedAt: '2026-11-23T08:03:00.000Z',
          },
        ],
        syncedAt,
      }),
      'GET /api/vercel/projects': ok({
        projects: [],
        pagination: { total: 0, limit: 6, offset: 0, hasNext: false },
        syncedAt,
      }),
    });
    renderApp(
      <>
        <DeploymentStatusPanel />
        <VercelProjectsGrid limit={6} />
      </>,
      { url: '/dashboard', user },
    );
    const status = await screen.findByRole('region', { name: 'Deployment Status' });
    expect(await within(status).findByText('Synced from Vercel 12m ago')).toBeInTheDocument();
    const projects = screen.getByRole('region', { name: 'Vercel Projects' });
    expect(await within(projects).findByText('Synced from Vercel 12m ago')).toBeInTheDocument();
    vi.useRealTimers();
  });
});
