import { Vercel } from '@vercel/sdk';
import { GetAuthUserResponseBody$inboundSchema } from '@vercel/sdk/models/getauthuserop.js';
import { GetDeploymentEventsResponse$inboundSchema } from '@vercel/sdk/models/getdeploymenteventsop.js';
import { GetDeploymentResponseBody$inboundSchema } from '@vercel/sdk/models/getdeploymentresponsebody.js';
import { GetDeploymentsResponseBody$inboundSchema } from '@vercel/sdk/models/getdeploymentsop.js';
import { GetProjectResponseBody$inboundSchema } from '@vercel/sdk/models/getprojectresponsebody.js';
import { GetProjectsResponseBody$inboundSchema } from '@vercel/sdk/models/getprojectsresponsebody.js';
import { GetTeamsResponseBody$inboundSchema } from '@vercel/sdk/models/getteamsop.js';
import { VercelError } from '@vercel/sdk/models/vercelerror.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorHandle } from '../start-emulator.js';
import { arr, obj, startTestEmulator, vercelGet } from '../testing/test-emulator.js';
import { strictSdkProblems } from '../testing/test-vercel-strict.js';

// Vercel answers checked strictly against @vercel/sdk's response schemas (see
// test-vercel-strict.ts), then the unmodified SDK client used against the emulator.

let emulator: EmulatorHandle;
let vercel: Vercel;
let teamId: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  vercel = new Vercel({ bearerToken: emulator.demo.vercelToken, serverURL: emulator.vercelApiUrl });
  teamId =
    [...emulator.world.vercel.teams.values()].find((t) => t.slug === 'shipdeck-labs')?.id ?? '';
});
afterAll(() => emulator.close());

async function strictly(
  path: string,
  schema: Parameters<typeof strictSdkProblems>[0],
): Promise<unknown> {
  const answer = await vercelGet(emulator, path);
  expect(answer.status, `${path}: ${answer.text.slice(0, 300)}`).toBe(200);
  expect(strictSdkProblems(schema, answer.json), path).toEqual([]);
  return answer.json;
}

function allDeploymentIds(): string[] {
  return emulator.world.vercel.deployments.map((d) => d.uid);
}

describe('Vercel answers match @vercel/sdk strictly', () => {
  it('rejects a body that only parses because the SDK is lax', () => {
    expect(
      strictSdkProblems(GetAuthUserResponseBody$inboundSchema, {
        user: { id: 'x', email: 'e', username: 'u' },
      }),
    ).not.toEqual([]);
    expect(
      strictSdkProblems(GetTeamsResponseBody$inboundSchema, {
        teams: [],
        pagination: { count: 0, next: null, prev: null },
        extra: 1,
      }),
    ).not.toEqual([]);
  });

  it('GET /v2/user and /v2/teams', async () => {
    await strictly('/v2/user', GetAuthUserResponseBody$inboundSchema);
    const teams = obj(await strictly('/v2/teams', GetTeamsResponseBody$inboundSchema));
    expect(arr(teams.teams).length).toBe(2);
  });

  it('GET /v9 and /v10 projects (personal and team) and every project by id and by name', async () => {
    for (const path of [
      '/v10/projects',
      '/v9/projects?limit=3',
      `/v10/projects?teamId=${teamId}`,
      '/v10/projects?repo=shipdeck',
    ]) {
      await strictly(path, GetProjectsResponseBody$inboundSchema);
    }
    const demoUid = emulator.world.vercel.userByGithubId(583231)?.uid ?? '';
    const visible = new Set([demoUid, ...emulator.world.vercel.teamsOf(demoUid).map((t) => t.id)]);
    for (const project of [...emulator.world.vercel.projects.values()].filter((p) =>
      visible.has(p.accountId),
    )) {
      const scope = emulator.world.vercel.teams.has(project.accountId)
        ? `?teamId=${project.accountId}`
        : '';
      await strictly(`/v9/projects/${project.id}${scope}`, GetProjectResponseBody$inboundSchema);
      await strictly(
        `/v9/projects/${encodeURIComponent(project.name)}${scope}`,
        GetProjectResponseBody$inboundSchema,
      );
    }
  });

  it('GET /v6 and /v7 deployments, every page, personal and team', async () => {
    for (const scope of ['', `&teamId=${teamId}`]) {
      let until: number | null = null;
      do {
        const body: Record<string, unknown> = obj(
          await strictly(
            `/v7/deployments?limit=20${scope}${until === null ? '' : `&until=${until}`}`,
            GetDeploymentsResponseBody$inboundSchema,
          ),
        );
        const next = obj(body.pagination).next;
        until = typeof next === 'number' ? next : null;
      } while (until !== null);
    }
    await strictly(
      '/v6/deployments?state=ERROR,BUILDING',
      GetDeploymentsResponseBody$inboundSchema,
    );
  });

  it('GET /v13/deployments/{id} for every deployment in every state, and by URL', async () => {
    const states = new Set<string>();
    for (const deployment of emulator.world.vercel.deployments) {
      const project = emulator.world.vercel.projects.get(deployment.projectId);
      const scope =
        project && emulator.world.vercel.teams.has(project.accountId)
          ? `?teamId=${project.accountId}`
          : '';
      if (project?.accountId !== emulator.world.vercel.userByGithubId(583231)?.uid && scope === '')
        continue;
      const body = obj(
        await strictly(
          `/v13/deployments/${deployment.uid}${scope}`,
          GetDeploymentResponseBody$inboundSchema,
        ),
      );
      states.add(String(body.readyState));
    }
    expect([...states].sort()).toEqual(
      expect.arrayContaining(['BUILDING', 'ERROR', 'QUEUED', 'READY']),
    );
    const personal = emulator.world.vercel.userByGithubId(583231)?.uid;
    const first = emulator.world.vercel.deployments.find(
      (d) =>
        d.state === 'READY' &&
        emulator.world.vercel.projects.get(d.projectId)?.accountId === personal,
    );
    const byUrl = obj(
      await strictly(
        `/v13/deployments/${first?.url ?? ''}`,
        GetDeploymentResponseBody$inboundSchema,
      ),
    );
    expect(byUrl.id).toBe(first?.uid);
  });

  it('GET /v3/deployments/{id}/events for ready, failed and building deployments', async () => {
    for (const state of ['READY', 'ERROR', 'BUILDING', 'CANCELED'] as const) {
      const deployment = emulator.world.vercel.deployments.find(
        (d) =>
          d.state === state &&
          emulator.world.vercel.users.has(
            emulator.world.vercel.projects.get(d.projectId)?.accountId ?? '',
          ),
      );
      if (!deployment) continue;
      const events = arr(
        await strictly(
          `/v3/deployments/${deployment.uid}/events`,
          GetDeploymentEventsResponse$inboundSchema,
        ),
      );
      if (state === 'ERROR') expect(events.some((e) => obj(e).level === 'error')).toBe(true);
    }
  });
});

describe('@vercel/sdk against the emulator', () => {
  it('user and teams', async () => {
    const auth = await vercel.user.getAuthUser();
    expect(auth?.user).toMatchObject({ username: 'octocat' });
    expect(auth?.user).not.toHaveProperty('limited');
    const { teams } = await vercel.teams.getTeams({});
    expect(teams.map((t) => t.slug).sort()).toEqual(['shipdeck-labs', 'unicode-team']);
  });

  it('projects with `from` pagination, one project, team scoping', async () => {
    const seen: string[] = [];
    let from: string | undefined;
    for (;;) {
      const page = await vercel.projects.getProjects({ limit: '2', from });
      if (!('projects' in page)) throw new Error('unexpected projects answer');
      seen.push(...page.projects.map((p) => p.id));
      const next = page.pagination.next;
      if (next === null) break;
      from = String(next);
    }
    const mine = emulator.world.vercel.projectsOf(
      emulator.world.vercel.userByGithubId(583231)?.uid ?? '',
    );
    expect(seen.sort()).toEqual(mine.map((p) => p.id).sort());
    const project = await vercel.projects.getProject({ idOrName: 'shipdeck' });
    const linked = [...emulator.world.repos.values()].find((r) => r.name === 'shipdeck');
    expect(project.link).toMatchObject({
      type: 'github',
      org: 'octocat',
      repo: 'shipdeck',
      repoId: linked?.id,
    });
    const team = await vercel.projects.getProjects({ teamId });
    expect('projects' in team && team.projects.every((p) => p.accountId === teamId)).toBe(true);
  });

  it('deployments with until-cursor pagination, filters, one deployment and its events', async () => {
    const all: string[] = [];
    let until: number | undefined;
    for (;;) {
      const page = await vercel.deployments.getDeployments({ limit: 7, until });
      all.push(...page.deployments.map((d) => d.uid));
      if (page.pagination.next === null) break;
      until = page.pagination.next;
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(
      emulator.world.vercel.deployments.filter(
        (d) =>
          emulator.world.vercel.projects.get(d.projectId)?.accountId ===
          emulator.world.vercel.userByGithubId(583231)?.uid,
      ).length,
    );
    const errors = await vercel.deployments.getDeployments({
      state: 'ERROR',
      projectId: 'shipdeck',
    });
    expect(errors.deployments.every((d) => d.readyState === 'ERROR')).toBe(true);
    const production = await vercel.deployments.getDeployments({
      target: 'production',
      limit: 100,
    });
    expect(production.deployments.every((d) => d.target === 'production')).toBe(true);
    const id = all[0] ?? '';
    const detail = await vercel.deployments.getDeployment({ idOrUrl: id });
    expect('id' in detail && detail.id).toBe(id);
    const ready =
      allDeploymentIds().find(
        (uid) => emulator.world.vercel.deployment(uid)?.state === 'READY' && all.includes(uid),
      ) ?? '';
    const events = await vercel.deployments.getDeploymentEvents({ idOrUrl: ready });
    expect(Array.isArray(events) && events.length > 5).toBe(true);
  });

  it('surfaces Vercel errors: 403 invalidToken, 404 not_found', async () => {
    const stranger = new Vercel({ bearerToken: 'vercel_bogus', serverURL: emulator.vercelApiUrl });
    const denied: unknown = await stranger.user.getAuthUser().catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(VercelError);
    expect(denied instanceof VercelError && denied.statusCode).toBe(403);
    expect(denied instanceof VercelError && JSON.parse(denied.body)).toMatchObject({
      error: { code: 'forbidden', invalidToken: true },
    });
    const missing: unknown = await vercel.deployments
      .getDeployment({ idOrUrl: 'dpl_doesnotexist' })
      .catch((e: unknown) => e);
    expect(missing instanceof VercelError && missing.statusCode).toBe(404);
  });
});
