import { errorMessages } from '@shipdeck/shared/messages';
import type { VercelDeployment, VercelProject } from '@shipdeck/shared/vercel';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser, buildVercelUser } from '@/testing/test-data';
import { ConnectVercelDialog } from '../connect-vercel-dialog';
import { DeploymentRow } from '../deployment-row';
import { DeploymentTriage } from '../deployment-triage';
import { ProductionPinnedNotice } from '../production-pinned-notice';

// A member connected through the server's account while an admin lets members only view it.
const viewer = buildVercelUser({
  vercel: {
    username: 'shipdeck-demo',
    teamId: null,
    teamSlug: null,
    teamName: null,
    status: 'connected',
    source: 'server',
    canAct: false,
  },
});

const deployment: VercelDeployment = {
  id: 'dpl_bad',
  projectId: 'prj_web',
  projectName: 'web',
  state: 'ERROR',
  target: 'production',
  url: 'https://web-bad.vercel.app',
  inspectorUrl: null,
  branch: 'main',
  commitSha: 'bad0000aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  commitMessage: 'feat: the change that broke checkout',
  commitAuthor: 'The Octocat',
  commitAuthorLogin: 'octocat',
  pullRequestId: null,
  repository: null,
  commitUrl: null,
  pullRequestUrl: null,
  createdAt: '2026-11-26T09:00:00.000Z',
  buildingAt: null,
  readyAt: null,
  errorCode: 'BUILD_FAILED',
  errorMessage: 'Build failed',
};
const good: VercelDeployment = { ...deployment, id: 'dpl_good', state: 'READY' };

describe('Vercel deployments for someone who may only view', () => {
  it('offers no actions menu on a deployment row', () => {
    mockApi({});
    renderApp(
      <ul>
        <DeploymentRow deployment={deployment} />
      </ul>,
      { url: '/deployments', user: viewer },
    );
    expect(screen.getByRole('link', { name: 'web' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('says why instead of offering roll back and redeploy on a failed deployment', async () => {
    mockApi({
      'GET /api/vercel/deployments/dpl_bad': ok({
        deployment,
        buildLog: [],
        lastReadyProduction: good,
        rollbackTarget: good,
        syncedAt: '2026-11-26T09:05:00.000Z',
      }),
    });
    renderApp(<DeploymentTriage id="dpl_bad" />, { url: '/deployments/dpl_bad', user: viewer });

    expect(await screen.findByText(errorMessages.serverVercelViewOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Roll back|Redeploy/ })).not.toBeInTheDocument();
  });

  it('still offers them to someone who may act', async () => {
    mockApi({
      'GET /api/vercel/deployments/dpl_bad': ok({
        deployment,
        buildLog: [],
        lastReadyProduction: good,
        rollbackTarget: good,
        syncedAt: '2026-11-26T09:05:00.000Z',
      }),
    });
    renderApp(<DeploymentTriage id="dpl_bad" />, {
      url: '/deployments/dpl_bad',
      user: buildVercelUser(),
    });

    expect(await screen.findByRole('button', { name: /Redeploy/ })).toBeInTheDocument();
    expect(screen.queryByText(errorMessages.serverVercelViewOnly)).not.toBeInTheDocument();
  });

  it('shows a rolled-back production without its Promote button', () => {
    mockApi({});
    const project: VercelProject = {
      id: 'prj_web',
      name: 'web',
      framework: 'nextjs',
      description: null,
      updatedAt: '2026-11-26T09:00:00.000Z',
      link: null,
      repository: null,
      productionDeployment: good,
      latestDeployment: deployment,
      productionRolledBack: true,
      resumeProductionWith: deployment,
    };
    renderApp(<ProductionPinnedNotice project={project} />, { url: '/deployments', user: viewer });

    expect(screen.getByText(/is rolled back/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Promote/ })).not.toBeInTheDocument();
  });
});

describe('connecting the server’s Vercel account', () => {
  function openDialog() {
    renderApp(<ConnectVercelDialog trigger={<Button>Connect</Button>} />, {
      url: '/settings',
      user: buildUser(),
    });
    return userEvent.click(screen.getByRole('button', { name: 'Connect' }));
  }

  it('is not offered to someone an admin does not let use it', async () => {
    mockApi({
      'GET /auth/vercel/options': ok({
        serverAccount: false,
        serverAccountCanAct: false,
        demoMode: false,
      }),
    });
    await openDialog();

    expect(await screen.findByLabelText('Access token')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use the server account' })).toBeNull();
  });

  it('says when it may only be viewed', async () => {
    mockApi({
      'GET /auth/vercel/options': ok({
        serverAccount: true,
        serverAccountCanAct: false,
        demoMode: false,
      }),
    });
    await openDialog();

    expect(
      await screen.findByRole('button', { name: 'Use the server account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(errorMessages.serverVercelViewOnly)).toBeInTheDocument();
  });
});
