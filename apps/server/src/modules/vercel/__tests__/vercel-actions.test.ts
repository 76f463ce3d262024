import { errorEnvelopeSchema } from '@shipdeck/shared/api-envelope';
import { vercelActionMessages } from '@shipdeck/shared/messages';
import { vercelDeploymentDetailSchema, vercelProjectResultSchema } from '@shipdeck/shared/vercel';
import { vercelActionResultSchema } from '@shipdeck/shared/vercel-actions';
import type { VercelDeployment, VercelProject } from '@shipdeck/emulator/data/model';
import { describe, expect, it } from 'vitest';
import { bearer, dataOf, testDialects, useTestApp } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';
import { signUpWithVercel } from '../../../test-vercel.js';

// Steps long enough that a build is still running when it is cancelled and an alias job when a
// second one is asked for, short enough that the job's inline polling sees the outcome.
const emulator = useEmulator({
  repos: 12,
  richRepos: 4,
  projects: 3,
  deploymentsPerProject: 14,
  deploymentStepMs: 300,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects)('Vercel actions on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get vercel() {
      return emulator.vercelConfig;
    },
    get github() {
      return emulator.githubConfig;
    },
  });

  const post = (token: string, url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
  const world = () => emulator.handle.world;
  /** Vercel calls made since the log was cleared, as `METHOD path`. */
  const upstreamCalls = () =>
    emulator.handle.requestLog
      .list({ area: 'vercel' })
      .map((entry) => `${entry.method} ${new URL(entry.url, 'http://x').pathname}`);

  /** A project of `accountId` with at least three READY production deployments (`skip` of them skipped). */
  const projectOf = (accountId: string, skip = 0): VercelProject => {
    const found = world()
      .vercel.projectsOf(accountId)
      .filter(
        (p) =>
          world().vercel.deployments.filter(
            (d) => d.projectId === p.id && d.target === 'production' && d.state === 'READY',
          ).length >= 3,
      )[skip];
    if (!found) throw new Error('no project with three READY production deployments');
    return found;
  };
  const octocatUid = () => world().vercel.userByGithubId(583231)?.uid ?? '';
  const readyProduction = (project: VercelProject): VercelDeployment[] =>
    world().vercel.deployments.filter(
      (d) => d.projectId === project.id && d.target === 'production' && d.state === 'READY',
    );
  const notificationTitles = async (userId: string) =>
    (
      await t.app.db
        .selectFrom('notifications')
        .select('title')
        .where('user_id', '=', userId)
        // Those of the actions and of their outcomes, not the sync's own deployment items.
        .where((eb) =>
          eb.or([
            eb('dedupe_key', 'like', 'vercel-action:%'),
            eb('dedupe_key', 'like', 'alias-settled:%'),
          ]),
        )
        .execute()
    ).map((row) => row.title);
  const errorOf = (response: { json: () => unknown }) => errorEnvelopeSchema.parse(response.json());
  const projectAnswer = async (token: string, projectId: string) =>
    dataOf(
      await t.app.inject({
        method: 'GET',
        url: `/api/vercel/projects/${projectId}`,
        headers: bearer(token),
      }),
      vercelProjectResultSchema,
    ).project;

  it('redeploys a deployment as a new build of its commit, stored and announced', async () => {
    const user = await signUpWithVercel(t.app, emulator.handle);
    const project = projectOf(octocatUid(), 1);
    const source = readyProduction(project)[0];
    if (!source) throw new Error('no source');
    emulator.handle.requestLog.clear();
    const answer = await post(user.token, `/api/vercel/deployments/${source.uid}/redeploy`, {
      target: 'preview',
    });
    expect(answer.statusCode).toBe(200);
    const result = dataOf(answer, vercelActionResultSchema);
    expect(result.action).toBe('redeploy');
    expect(result.deployment.id).not.toBe(source.uid);
    expect(result.deployment.state).toBe('QUEUED');
    expect(result.deployment.target).toBe('preview');
    expect(result.deployment.commitSha).toBe(source.meta.githubCommitSha);
    expect(upstreamCalls()).toEqual(['POST /v13/deployments']);
    const stored = await t.app.db
      .selectFrom('vercel_deployments')
      .select(['id', 'state', 'commit_sha'])
      .where('user_id', '=', user.userId)
      .where('id', '=', result.deployment.id)
      .executeTakeFirst();
    expect(stored?.commit_sha).toBe(source.meta.githubCommitSha);
    expect(world().vercel.deployment(result.deployment.id)?.source).toBe('redeploy');
    expect(await notificationTitles(user.userId)).toEqual([
      `${user.account.username} redeployed ${source.meta.githubCommitSha?.slice(0, 7) ?? ''} of ${project.name}`,
    ]);
  });

  it('cancels a building deployment, and refuses a finished one with 409 and no Vercel call', async () => {
    const user = await signUpWithVercel(t.app, emulator.handle);
    const project = projectOf(octocatUid(), 1);
    const source = readyProduction(project)[0];
    if (!source) throw new Error('no source');
    const created = dataOf(
      await post(user.token, `/api/vercel/deployments/${source.uid}/redeploy`, {
        target: 'preview',
      }),
      vercelActionResultSchema,
    );
    const canceled = await post(
      user.token,
      `/api/vercel/deployments/${created.deployment.id}/cancel`,
    );
    expect(canceled.statusCode).toBe(200);
    expect(dataOf(canceled, vercelActionResultSchema).deployment.state).toBe('CANCELED');
    expect(world().vercel.deployment(created.deployment.id)?.state).toBe('CANCELED');

    emulator.handle.requestLog.clear();
    const finished = await post(user.token, `/api/vercel/deployments/${source.uid}/cancel`);
    expect(finished.statusCode).toBe(409);
    expect(errorOf(finished).message).toBe(`${vercelActionMessages.cancelFinished} deployed.`);
    expect(upstreamCalls()).toEqual([]);
  });

  it('rolls production back to the last good deployment, settles it in the background, and a promote resumes', async () => {
    const user = await signUpWithVercel(t.app, emulator.handle);
    const project = projectOf(octocatUid(), 0);
    const before = await projectAnswer(user.token, project.id);
    const current = before.productionDeployment;
    if (!current) throw new Error('no production');
    expect(before.productionRolledBack).toBe(false);
    expect(before.resumeProductionWith).toBeNull();
    const expected = readyProduction(project).find(
      (d) => d.createdAt < Date.parse(current.createdAt),
    );
    if (!expected) throw new Error('no earlier deployment');
    // The triage page names the same last good deployment before anything is sent.
    const detail = dataOf(
      await t.app.inject({
        method: 'GET',
        url: `/api/vercel/deployments/${current.id}`,
        headers: bearer(user.token),
      }),
      vercelDeploymentDetailSchema,
    );
    expect(detail.rollbackTarget?.id).toBe(expected.uid);

    emulator.handle.requestLog.clear();
    const answer = await post(user.token, `/api/vercel/projects/${project.id}/rollback`, {});
    expect(answer.statusCode).toBe(200);
    const result = dataOf(answer, vercelActionResultSchema);
    expect(result.deployment.id).toBe(expected.uid);
    expect(result.aliasJob).toEqual({
      projectId: project.id,
      fromDeploymentId: current.id,
      toDeploymentId: expected.uid,
      status: 'pending',
    });
    expect(upstreamCalls()).toEqual([`POST /v1/projects/${project.id}/rollback/${expected.uid}`]);

    // While the alias job runs, Vercel refuses a second one: its 409 reaches the user readable.
    const other = readyProduction(project).find(
      (d) => d.uid !== current.id && d.uid !== expected.uid,
    );
    const busy = await post(user.token, `/api/vercel/deployments/${other?.uid ?? ''}/promote`);
    expect(busy.statusCode).toBe(409);
    expect(errorOf(busy).message).toMatch(/^Vercel refused the change: .*already in progress/);

    await t.app.jobs.drain();
    const after = await projectAnswer(user.token, project.id);
    expect(after.productionDeployment?.id).toBe(expected.uid);
    expect(after.productionRolledBack).toBe(true);
    // Promoting the build production left is what resumes it.
    expect(after.resumeProductionWith?.id).toBe(current.id);
    const sha = expected.meta.githubCommitSha?.slice(0, 7) ?? '';
    expect(await notificationTitles(user.userId)).toEqual(
      expect.arrayContaining([
        `${user.account.username} rolled production of ${project.name} back to ${sha}`,
        `Production of ${project.name} now serves ${sha}`,
      ]),
    );

    const promoted = await post(user.token, `/api/vercel/deployments/${current.id}/promote`);
    expect(promoted.statusCode).toBe(200);
    await t.app.jobs.drain();
    const resumed = await projectAnswer(user.token, project.id);
    expect(resumed.productionDeployment?.id).toBe(current.id);
    expect(resumed.productionRolledBack).toBe(false);
    expect(resumed.resumeProductionWith).toBeNull();
  });

  it('refuses what Shipdeck can tell is wrong before calling Vercel', async () => {
    const user = await signUpWithVercel(t.app, emulator.handle);
    const project = projectOf(octocatUid(), 0);
    const preview = world().vercel.deployments.find(
      (d) => d.projectId === project.id && d.target === null && d.state === 'READY',
    );
    const failed = world().vercel.deployments.find(
      (d) => d.projectId === project.id && d.state === 'ERROR',
    );
    emulator.handle.requestLog.clear();
    const toPreview = await post(user.token, `/api/vercel/projects/${project.id}/rollback`, {
      deploymentId: preview?.uid,
    });
    expect(toPreview.statusCode).toBe(409);
    expect(errorOf(toPreview).message).toBe(vercelActionMessages.rollbackNotProduction);
    if (failed) {
      const promoteFailed = await post(user.token, `/api/vercel/deployments/${failed.uid}/promote`);
      expect(promoteFailed.statusCode).toBe(409);
      expect(errorOf(promoteFailed).message).toBe(vercelActionMessages.promoteNotReady);
    }
    const unknown = await post(user.token, `/api/vercel/deployments/dpl_unknown/redeploy`);
    expect(unknown.statusCode).toBe(404);
    expect(upstreamCalls()).toEqual([]);
  });

  it("answers 404 with no Vercel call for another user's deployments and projects", async () => {
    const hubot = await signUpWithVercel(t.app, emulator.handle, 'hubot');
    const project = projectOf(octocatUid(), 0);
    const [deployment] = readyProduction(project);
    if (!deployment) throw new Error('no deployment');
    emulator.handle.requestLog.clear();
    const answers = await Promise.all([
      post(hubot.token, `/api/vercel/deployments/${deployment.uid}/redeploy`),
      post(hubot.token, `/api/vercel/deployments/${deployment.uid}/promote`),
      post(hubot.token, `/api/vercel/deployments/${deployment.uid}/cancel`),
      post(hubot.token, `/api/vercel/projects/${project.id}/rollback`, {}),
      post(hubot.token, `/api/vercel/projects/${project.id}/rollback`, {
        deploymentId: deployment.uid,
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(upstreamCalls()).toEqual([]);
  });

  it('turns a 5xx from Vercel into a readable 502', async () => {
    const user = await signUpWithVercel(t.app, emulator.handle);
    const project = projectOf(octocatUid(), 1);
    const [source] = readyProduction(project);
    emulator.handle.faults.add({
      area: 'vercel',
      method: 'POST',
      path: '/v13/deployments',
      errorRate: 1,
      errorStatus: 503,
      times: 1,
    });
    const answer = await post(user.token, `/api/vercel/deployments/${source?.uid ?? ''}/redeploy`);
    expect(answer.statusCode).toBe(502);
    expect(errorOf(answer)).toMatchObject({
      code: 'PROVIDER_ERROR',
      message: vercelActionMessages.unavailable,
    });
    expect(await notificationTitles(user.userId)).toEqual([]);
  });

  it("passes on Hobby's rollback limit (402) and a token without access (403) as readable answers", async () => {
    const team = world().vercel.teamByIdOrSlug('shipdeck-labs');
    if (!team) throw new Error('no team');
    const user = await signUpWithVercel(t.app, emulator.handle, 'octocat', 'shipdeck-labs');
    const project = projectOf(team.id, 0);
    const [, , third] = readyProduction(project);
    if (!third) throw new Error('no third deployment');
    team.plan = 'hobby';
    try {
      const tooFar = await post(user.token, `/api/vercel/projects/${project.id}/rollback`, {
        deploymentId: third.uid,
      });
      expect(tooFar.statusCode).toBe(402);
      expect(errorOf(tooFar)).toMatchObject({
        code: 'PLAN_LIMIT',
        message: vercelActionMessages.hobbyRollback,
      });
    } finally {
      team.plan = 'pro';
    }
    const members = team.members;
    team.members = members.filter((m) => m.uid !== octocatUid());
    try {
      const refused = await post(user.token, `/api/vercel/deployments/${third.uid}/redeploy`);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).message).toBe(vercelActionMessages.tokenScope);
    } finally {
      team.members = members;
    }
    // Nothing was moved: the alias job never started.
    await sleep(50);
    expect(await notificationTitles(user.userId)).toEqual([]);
  });
});
