// The standalone functions and VercelCore load only the schemas of the calls made: the `Vercel`
// class loads every model of the API, about 400 MB of heap (measured by bench/load.ts).
import { VercelCore } from '@vercel/sdk/core.js';
import { deploymentsCancelDeployment } from '@vercel/sdk/funcs/deploymentsCancelDeployment.js';
import { deploymentsCreateDeployment } from '@vercel/sdk/funcs/deploymentsCreateDeployment.js';
import { deploymentsGetDeploymentEvents } from '@vercel/sdk/funcs/deploymentsGetDeploymentEvents.js';
import { deploymentsGetDeployments } from '@vercel/sdk/funcs/deploymentsGetDeployments.js';
import { projectsGetProject } from '@vercel/sdk/funcs/projectsGetProject.js';
import { projectsGetProjects } from '@vercel/sdk/funcs/projectsGetProjects.js';
import { projectsRequestPromote } from '@vercel/sdk/funcs/projectsRequestPromote.js';
import { projectsRequestRollback } from '@vercel/sdk/funcs/projectsRequestRollback.js';
import { teamsGetTeams } from '@vercel/sdk/funcs/teamsGetTeams.js';
import { userGetAuthUser } from '@vercel/sdk/funcs/userGetAuthUser.js';
import { VercelError } from '@vercel/sdk/models/vercelerror.js';
import { HTTP_TIMEOUT_MS } from '@shipdeck/shared/constants';
import type { VercelConfig } from '../../config/env.js';
import {
  actionDeploymentWire,
  aliasProjectWire,
  type ActionDeploymentWire,
  type AliasProjectWire,
} from './vercel-action-wire.js';
import type { ProjectWire, DeploymentWire, EventWire, TeamWire } from './vercel-wire.js';
import {
  authUserWire,
  deploymentsPageWire,
  eventsWire,
  projectsPageWire,
  teamsPageWire,
} from './vercel-wire.js';

/** Why a Vercel call failed, in the terms the sync and the routes act on. */
export class VercelApiError extends Error {
  override name = 'VercelApiError';
  constructor(
    readonly kind:
      'invalid-token' | 'forbidden' | 'not-found' | 'rate-limited' | 'unavailable' | 'refused',
    message: string,
    readonly retryAfterSeconds: number | null = null,
    /** Vercel's status and its own `error.message`, for the answers a route passes on. */
    readonly upstream: { status: number; message: string | null } | null = null,
  ) {
    super(message);
  }
}

/** Vercel's `{"error":{"message"}}`, when the body has one. */
function upstreamMessage(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return null;
    const { error } = parsed;
    if (typeof error !== 'object' || error === null || !('message' in error)) return null;
    return typeof error.message === 'string' ? error.message : null;
  } catch {
    return null;
  }
}

/** Statuses by which Vercel refuses an action (bad input, plan limit, conflicting state). */
const REFUSALS = new Set([400, 402, 409, 422]);

function classify(error: unknown): VercelApiError {
  if (error instanceof VercelApiError) return error;
  if (error instanceof VercelError) {
    // Vercel answers a bad or revoked token with 403 `invalidToken` (401 is treated alike).
    if (error.statusCode === 401 || /"(invalidToken|missingToken)"\s*:\s*true/.test(error.body)) {
      return new VercelApiError('invalid-token', 'Vercel does not accept the token');
    }
    const upstream = { status: error.statusCode, message: upstreamMessage(error.body) };
    if (error.statusCode === 403)
      return new VercelApiError('forbidden', 'Not authorized', null, upstream);
    if (REFUSALS.has(error.statusCode))
      return new VercelApiError(
        'refused',
        upstream.message ?? `Vercel answered ${error.statusCode}`,
        null,
        upstream,
      );
    if (error.statusCode === 404) return new VercelApiError('not-found', 'Not found');
    if (error.statusCode === 429) {
      const reset = Number(
        error.headers.get('retry-after') ?? error.headers.get('x-ratelimit-reset'),
      );
      return new VercelApiError(
        'rate-limited',
        'Vercel rate limit reached',
        Number.isFinite(reset) && reset > 0 ? Math.min(reset, 3600) : 60,
      );
    }
    return new VercelApiError('unavailable', `Vercel answered ${error.statusCode}`, null, upstream);
  }
  return new VercelApiError(
    'unavailable',
    error instanceof Error ? `Vercel unreachable: ${error.name}` : 'Vercel unreachable',
  );
}

const NO_RETRIES = { retries: { strategy: 'none' } } as const;

/**
 * The official SDK: every call has a timeout, and 429/5xx/connection failures are retried with
 * exponential backoff (the SDK's default retry codes are 429, 500, 502, 503, 504). Every answer
 * is then narrowed to the fields Shipdeck reads (vercel-wire.ts), so the SDK's wide unions stay
 * out of the rest of the code.
 */
export class VercelClient {
  private readonly sdk: VercelCore;

  constructor(
    config: Pick<VercelConfig, 'apiUrl' | 'retryForMs' | 'timeoutMs'>,
    token: string,
    private readonly teamId: string | null,
  ) {
    this.sdk = new VercelCore({
      bearerToken: token,
      serverURL: config.apiUrl,
      timeoutMs: config.timeoutMs ?? HTTP_TIMEOUT_MS,
      retryConfig: {
        strategy: 'backoff',
        backoff: {
          initialInterval: 250,
          maxInterval: 4_000,
          exponent: 2,
          maxElapsedTime: config.retryForMs ?? 8_000,
        },
        retryConnectionErrors: true,
      },
    });
  }

  private get scope(): { teamId?: string } {
    return this.teamId ? { teamId: this.teamId } : {};
  }

  /** A standalone function's result as the value, or its error classified and thrown. */
  private async call<T>(
    run: () => Promise<{ ok: true; value: T } | { ok: false; error: unknown }>,
  ): Promise<T> {
    let result: { ok: true; value: T } | { ok: false; error: unknown };
    try {
      result = await run();
    } catch (error) {
      throw classify(error);
    }
    if (!result.ok) throw classify(result.error);
    return result.value;
  }

  async user(): Promise<{ id: string; username: string }> {
    const body = await this.call(() => userGetAuthUser(this.sdk));
    const { user } = authUserWire.parse(body);
    return { id: user.id, username: user.username };
  }

  /** Every team the token can see (`/v2/teams` pages by `until`). */
  async teams(): Promise<TeamWire[]> {
    const teams: TeamWire[] = [];
    let until: number | undefined;
    for (let page = 0; page < 20; page += 1) {
      const body = await this.call(() => teamsGetTeams(this.sdk, { limit: 100, until }));
      const parsed = teamsPageWire.parse(body);
      teams.push(...parsed.teams);
      if (typeof parsed.pagination.next !== 'number') break;
      until = parsed.pagination.next;
    }
    return teams;
  }

  /** All projects of the account or team, following `from=<pagination.next>`. */
  async projects(): Promise<ProjectWire[]> {
    const projects: ProjectWire[] = [];
    let from: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const body = await this.call(() =>
        projectsGetProjects(this.sdk, { ...this.scope, limit: '100', from }),
      );
      const parsed = projectsPageWire.parse(body);
      projects.push(...parsed.projects);
      const next = parsed.pagination.next;
      if (next === null || next === undefined) break;
      from = String(next);
    }
    return projects;
  }

  /**
   * A project's deployments, newest first, following `until=<pagination.next>`: those created
   * after `since` (ms) when given, else up to `max` of the newest.
   */
  async deployments(
    projectId: string,
    { since, max, pageSize = 100 }: { since?: number; max: number; pageSize?: number },
  ): Promise<DeploymentWire[]> {
    const deployments: DeploymentWire[] = [];
    let until: number | undefined;
    while (deployments.length < max) {
      const body = await this.call(() =>
        deploymentsGetDeployments(this.sdk, {
          ...this.scope,
          projectId,
          limit: Math.min(pageSize, max - deployments.length),
          ...(since === undefined ? {} : { since }),
          ...(until === undefined ? {} : { until }),
        }),
      );
      const parsed = deploymentsPageWire.parse(body);
      deployments.push(...parsed.deployments);
      if (typeof parsed.pagination.next !== 'number' || parsed.deployments.length === 0) break;
      until = parsed.pagination.next;
    }
    return deployments;
  }

  /**
   * The last `limit` build log events of a deployment (`direction=backward`). A page waits on
   * this call, so it is tried once: backing off on a 429's retry-after would hold the page for
   * seconds, and the page shows the stored log instead.
   */
  async buildEvents(deploymentId: string, limit: number): Promise<EventWire[]> {
    const body = await this.call(() =>
      deploymentsGetDeploymentEvents(
        this.sdk,
        {
          ...this.scope,
          idOrUrl: deploymentId,
          direction: 'backward',
          limit,
          follow: 0,
        },
        { retries: { strategy: 'none' } },
      ),
    );
    return eventsWire.parse(body ?? []);
  }

  // Actions are sent once: a retried POST could start a second build or a second alias job, and
  // a 5xx is reported to the user, who can try again knowing what happened.

  /** `POST /v13/deployments` with `deploymentId`: a new build of that deployment's source. */
  async redeploy(
    deploymentId: string,
    name: string,
    target: 'production' | 'preview',
    /** `promote` when a preview is rebuilt for production, as the CLI's promote does. */
    action: 'redeploy' | 'promote' = 'redeploy',
  ): Promise<ActionDeploymentWire> {
    const body = await this.call(() =>
      deploymentsCreateDeployment(
        this.sdk,
        {
          ...this.scope,
          // Bypasses Vercel's deduplication: a redeploy is asked for because the last build is
          // not wanted as it is (PROVIDERS.md §9.2).
          forceNew: '1',
          requestBody: { deploymentId, name, target, meta: { action } },
        },
        NO_RETRIES,
      ),
    );
    return actionDeploymentWire.parse(body);
  }

  /** `POST /v10/projects/{id}/promote/{deploymentId}`: 201/202, the alias moves in the background. */
  async promote(projectId: string, deploymentId: string): Promise<void> {
    await this.call(() =>
      projectsRequestPromote(this.sdk, { ...this.scope, projectId, deploymentId }, NO_RETRIES),
    );
  }

  /** `POST /v1/projects/{id}/rollback/{deploymentId}` (the SDK's path; the CLI's /v9 is a twin). */
  async rollback(projectId: string, deploymentId: string): Promise<void> {
    await this.call(() =>
      projectsRequestRollback(this.sdk, { ...this.scope, projectId, deploymentId }, NO_RETRIES),
    );
  }

  /** `PATCH /v12/deployments/{id}/cancel` */
  async cancel(deploymentId: string): Promise<ActionDeploymentWire> {
    const body = await this.call(() =>
      deploymentsCancelDeployment(this.sdk, { ...this.scope, id: deploymentId }, NO_RETRIES),
    );
    return actionDeploymentWire.parse(body);
  }

  /** `GET /v9/projects/{id}`: its production deployment and `lastAliasRequest`. */
  async projectAlias(projectId: string): Promise<AliasProjectWire> {
    const body = await this.call(() =>
      projectsGetProject(this.sdk, { ...this.scope, idOrName: projectId }),
    );
    return aliasProjectWire.parse(body);
  }
}
