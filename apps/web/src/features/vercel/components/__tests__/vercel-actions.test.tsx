import { vercelActionMessages } from '@shipdeck/shared/messages';
import type { VercelDeployment, VercelProject } from '@shipdeck/shared/vercel';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildVercelUser } from '@/testing/test-data';
import { DeploymentTriage } from '../deployment-triage';
import { ProductionPinnedNotice } from '../production-pinned-notice';
import { actionsFor } from '../deployment-actions-menu';
import { DeploymentRow } from '../deployment-row';

const user = buildVercelUser();

function deployment(overrides: Partial<VercelDeployment>): VercelDeployment {
  return {
    id: 'dpl_bad',
    projectId: 'prj_web',
    projectName: 'web',
    state: 'READY',
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
    readyAt: '2026-11-26T09:02:00.000Z',
    errorCode: null,
    errorMessage: null,
    ...overrides,
  };
}

const bad = deployment({});
const good = deployment({
  id: 'dpl_good',
  commitSha: 'abc1234bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
  url: 'https://web-good.vercel.app',
  createdAt: '2026-11-25T09:00:00.000Z',
});

function project(overrides: Partial<VercelProject>): VercelProject {
  return {
    id: 'prj_web',
    name: 'web',
    framework: 'nextjs',
    description: null,
    updatedAt: '2026-11-26T09:00:00.000Z',
    link: null,
    repository: null,
    productionDeployment: bad,
    latestDeployment: bad,
    productionRolledBack: false,
    resumeProductionWith: null,
    ...overrides,
  };
}

const detail = ok({
  deployment: bad,
  buildLog: [],
  lastReadyProduction: bad,
  rollbackTarget: good,
  syncedAt: '2026-11-26T09:05:00.000Z',
});

describe('acting on deployments', () => {
  it('rolls production back to the last good deployment after a confirmation naming it, and follows the move', async () => {
    let serving = bad;
    const { requests } = mockApi({
      'GET /api/vercel/deployments/dpl_bad': detail,
      'POST /api/vercel/projects/prj_web/rollback': ok({
        action: 'rollback',
        deployment: good,
        aliasJob: {
          projectId: 'prj_web',
          fromDeploymentId: 'dpl_bad',
          toDeploymentId: 'dpl_good',
          status: 'pending',
        },
      }),
      // Vercel moves the alias in the background: production serves the good build on the
      // second look.
      'GET /api/vercel/projects/prj_web': () => {
        const answer = ok({ project: project({ productionDeployment: serving }), syncedAt: null });
        serving = good;
        return answer;
      },
    });
    renderApp(<DeploymentTriage id="dpl_bad" />, { url: '/deployments/dpl_bad', user });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Roll back to abc1234 (last good)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Roll back production?' });
    expect(dialog).toHaveTextContent('Production of web will serve abc1234 again');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back production' }));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/vercel/projects/prj_web/rollback',
      body: { deploymentId: 'dpl_good' },
    });
    expect(await within(dialog).findByText(/Moving production of web to/)).toBeInTheDocument();
    expect(await within(dialog).findByText(/serves/, {}, { timeout: 4_000 })).toHaveTextContent(
      'Production of web serves abc1234 now.',
    );
  });

  it("shows Vercel's refusal in the dialog and changes nothing", async () => {
    mockApi({
      'GET /api/vercel/deployments/dpl_bad': detail,
      'POST /api/vercel/projects/prj_web/rollback': fail(
        402,
        vercelActionMessages.hobbyRollback,
        'PLAN_LIMIT',
      ),
    });
    renderApp(<DeploymentTriage id="dpl_bad" />, { url: '/deployments/dpl_bad', user });
    await userEvent.click(await screen.findByRole('button', { name: /Roll back to abc1234/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll back production?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back production' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      vercelActionMessages.hobbyRollback,
    );
    // Still asking: the user can keep things as they are.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep as is' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancels a building deployment from its row menu', async () => {
    const building = deployment({ id: 'dpl_building', state: 'BUILDING', readyAt: null });
    const { requests } = mockApi({
      'POST /api/vercel/deployments/dpl_building/cancel': ok({
        action: 'cancel',
        deployment: { ...building, state: 'CANCELED' },
        aliasJob: null,
      }),
    });
    renderApp(
      <ul>
        <DeploymentRow deployment={building} />
      </ul>,
      { url: '/deployments', user },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions for web bad0000' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Cancel build',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Cancel build' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this build?' });
    expect(dialog).toHaveTextContent('The build of bad0000 of web stops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel build' }));
    // The dialog closes once Vercel has cancelled it; a toast says so.
    expect(await screen.findByText('Build of bad0000 canceled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      requests.some(
        (r) => r.method === 'POST' && r.url === '/api/vercel/deployments/dpl_building/cancel',
      ),
    ).toBe(true);
  });

  it('offers each state the actions Vercel allows', () => {
    expect(actionsFor(deployment({ state: 'QUEUED' }))).toEqual(['cancel']);
    expect(actionsFor(deployment({ state: 'ERROR' }))).toEqual(['redeploy']);
    expect(actionsFor(deployment({ target: 'preview' }))).toEqual(['redeploy', 'promote']);
    expect(actionsFor(bad)).toEqual(['redeploy', 'promote', 'rollback']);
  });

  it('says production is rolled back while it lasts, and offers to promote the newest build', async () => {
    const { requests } = mockApi({
      'POST /api/vercel/deployments/dpl_bad/promote': ok({
        action: 'promote',
        deployment: bad,
        aliasJob: {
          projectId: 'prj_web',
          fromDeploymentId: 'dpl_good',
          toDeploymentId: 'dpl_bad',
          status: 'pending',
        },
      }),
      'GET /api/vercel/projects/prj_web': ok({
        project: project({ productionDeployment: bad }),
        syncedAt: null,
      }),
    });
    renderApp(
      <ProductionPinnedNotice
        project={project({
          productionDeployment: good,
          productionRolledBack: true,
          resumeProductionWith: bad,
        })}
      />,
      { url: '/deployments', user },
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Production of web is rolled back to abc1234: new production deployments stay off its domains until one is promoted.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Promote bad0000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote to production?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote to production' }));
    expect(await within(dialog).findByText(/serves/, {}, { timeout: 4_000 })).toHaveTextContent(
      'Production of web serves bad0000 now.',
    );
    expect(requests.some((r) => r.url === '/api/vercel/deployments/dpl_bad/promote')).toBe(true);
  });
});
