import { shipStageLabels } from '@shipdeck/shared/ship-stages';
import type { VercelDeployment } from '@shipdeck/shared/vercel';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommitDeploymentMarks } from '@/features/vercel/components/commit-deployment-marks';
import { DeploymentRow } from '@/features/vercel/components/deployment-row';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildUser, buildVercelUser } from '@/testing/test-data';

const withVercel = buildVercelUser();

const MIN = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function deployment(overrides: Partial<VercelDeployment> & { id: string }): VercelDeployment {
  return {
    projectId: 'prj_web',
    projectName: 'web',
    state: 'READY',
    target: 'production',
    url: `https://${overrides.id}.vercel.app`,
    inspectorUrl: null,
    branch: 'main',
    commitSha: `sha-${overrides.id}`,
    commitMessage: 'Change',
    commitAuthor: null,
    commitAuthorLogin: null,
    pullRequestId: null,
    repository: null,
    commitUrl: null,
    pullRequestUrl: null,
    createdAt: ago(60 * MIN),
    buildingAt: null,
    readyAt: null,
    errorCode: null,
    errorMessage: null,
    ...overrides,
  };
}

const etas = ok({
  etas: [
    {
      deploymentId: 'building',
      expectedReadyAt: new Date(Date.now() + 2 * MIN).toISOString(),
      medianBuildSeconds: 180,
      sampleSize: 20,
    },
  ],
});

describe('stage words on deployment rows', () => {
  it('reads like the pull requests: preview, production building with its ETA, live; none for a failed build', async () => {
    const { requests } = mockApi({ 'GET /api/insights/etas': etas });
    renderApp(
      <ul>
        <DeploymentRow deployment={deployment({ id: 'building', state: 'BUILDING' })} />
        <DeploymentRow deployment={deployment({ id: 'live' })} />
        <DeploymentRow deployment={deployment({ id: 'preview', target: 'preview' })} />
        <DeploymentRow deployment={deployment({ id: 'failed', state: 'ERROR' })} />
      </ul>,
      { url: '/deployments', user: withVercel },
    );
    const row = (id: string) =>
      screen
        .getByRole('link', { name: new RegExp(`${id}\\.vercel\\.app`) })
        .closest('li') as HTMLElement;

    const building = within(row('building')).getByTestId('ship-stage');
    expect(building).toHaveTextContent(`Stage: ${shipStageLabels.production_building}`);
    await waitFor(() => expect(building).toHaveTextContent('ready in about 2 min'));
    expect(within(row('live')).getByTestId('ship-stage')).toHaveTextContent(
      `Stage: ${shipStageLabels.live}`,
    );
    expect(within(row('preview')).getByTestId('ship-stage')).toHaveTextContent(
      `Stage: ${shipStageLabels.preview}`,
    );
    expect(within(row('failed')).queryByTestId('ship-stage')).not.toBeInTheDocument();
    // One estimate request serves every row.
    expect(requests.filter((request) => request.url === '/api/insights/etas')).toHaveLength(1);
  }, 15_000);
});

describe('stage words on commit rows', () => {
  const repositoryDeployments = (deployments: VercelDeployment[]) => ({
    'GET /api/vercel/projects': ok({
      projects: [],
      pagination: { total: 0, limit: 10, offset: 0, hasNext: false },
      syncedAt: ago(MIN),
    }),
    'GET /api/vercel/deployments': ok({
      deployments,
      pagination: { total: deployments.length, limit: 100, offset: 0, hasNext: false },
      syncedAt: ago(MIN),
    }),
    'GET /api/insights/etas': etas,
  });

  it('a commit is merged, then production building with its ETA, then live', async () => {
    mockApi(
      repositoryDeployments([
        deployment({ id: 'old', commitSha: 'aaa', createdAt: ago(300 * MIN) }),
        deployment({ id: 'building', state: 'BUILDING', commitSha: 'bbb', createdAt: ago(MIN) }),
      ]),
    );
    renderApp(
      <div>
        <div data-testid="shipped">
          <CommitDeploymentMarks fullName="octocat/web" sha="aaa" committedAt={ago(310 * MIN)} />
        </div>
        <div data-testid="building">
          <CommitDeploymentMarks fullName="octocat/web" sha="bbb" committedAt={ago(2 * MIN)} />
        </div>
        <div data-testid="pushed">
          <CommitDeploymentMarks fullName="octocat/web" sha="ccc" committedAt={ago(0)} />
        </div>
      </div>,
      { url: '/repo/octocat/web', user: withVercel },
    );

    const stageOf = (id: string) => within(screen.getByTestId(id)).findByTestId('ship-stage');
    expect(await stageOf('shipped')).toHaveTextContent(`Stage: ${shipStageLabels.live}`);
    const building = await stageOf('building');
    expect(building).toHaveTextContent(`Stage: ${shipStageLabels.production_building}`);
    await waitFor(() => expect(building).toHaveTextContent('ready in about 2 min'));
    expect(await stageOf('pushed')).toHaveTextContent(`Stage: ${shipStageLabels.merged}`);
  });

  it('shows nothing without Vercel, where no deployment can say how far a commit got', () => {
    const requests = mockApi(repositoryDeployments([])).requests;
    renderApp(<CommitDeploymentMarks fullName="octocat/web" sha="aaa" committedAt={ago(0)} />, {
      url: '/repo/octocat/web',
      user: buildUser({ githubId: '583231', githubLogin: 'octocat' }),
    });
    expect(screen.queryByTestId('ship-stage')).not.toBeInTheDocument();
    expect(requests.some((request) => request.url === '/api/insights/etas')).toBe(false);
  });
});
