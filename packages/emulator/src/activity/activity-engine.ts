import { DEMO_LOGIN } from '../data/generate-accounts.js';
import type { Pull, Repo, VercelDeployment, VercelProject } from '../data/model.js';
import { createRng } from '../data/rng.js';
import type { World } from '../data/world.js';
import type { RenderContext } from '../github/render/render-context.js';
import type { WebhookDelivery, WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import type { ActivityContext } from './activity-context.js';
import { resumeDeployment, runDeployment } from './deployment-lifecycle.js';
import { mergePull, openPull, pushCommit } from './git-activity.js';

export const ACTIVITY_KINDS = [
  'push',
  'pull_request.opened',
  'pull_request.merged',
  'deployment',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface ActivityOptions {
  kind?: ActivityKind;
  /** `owner/name` of the repository to act on; default: one linked to a Vercel project. */
  repo?: string;
  /** Outcome of the deployment the activity starts. */
  outcome?: 'READY' | 'ERROR';
  /** Resolve only after the deployment reached READY/ERROR (default true). */
  waitForDeployment?: boolean;
  /** The commit message (push), or the title and commit messages of the pull request opened (or opened and merged). */
  text?: string;
  /** The head branch of an opened pull request (and so of its preview deployment). */
  branch?: string;
}

export interface ActivityResult {
  kind: ActivityKind;
  repository: string;
  commitSha: string | null;
  /** The branch the commit went to (or was deployed from). */
  ref: string | null;
  pullNumber: number | null;
  deploymentId: string | null;
  /** Webhooks sent so far for this activity (all of them when the deployment was awaited). */
  webhooks: WebhookDelivery[];
}

export interface ActivityEngineDeps {
  world: World;
  webhooks: WebhookDispatcher;
  render(): RenderContext;
  deploymentStepMs: number;
}

/** The text and branch a test planted, in the shape `openPull` takes. */
function planted(options: ActivityOptions): { text?: string; branch?: string } {
  return {
    ...(options.text !== undefined ? { text: options.text } : {}),
    ...(options.branch !== undefined ? { branch: options.branch } : {}),
  };
}

/** Makes the world move: pushes, pull requests opened and merged, deployments progressing. */
export class ActivityEngine {
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly closing = new AbortController();
  private readonly rng;

  constructor(private readonly deps: ActivityEngineDeps) {
    this.rng = createRng(deps.world.seed, 'activity');
  }

  private context(): ActivityContext {
    return { ...this.deps, rng: this.rng, deliveries: [], signal: this.closing.signal };
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** Demo repositories linked to a Vercel project come first: their changes also deploy. */
  private candidates(): { repo: Repo; project: VercelProject | null }[] {
    const { world } = this.deps;
    const linked = [...world.vercel.projects.values()]
      .filter((p) => p.repoId !== null)
      .map((project) => ({ repo: world.repos.get(project.repoId ?? -1), project }))
      .filter(
        (c): c is { repo: Repo; project: VercelProject } =>
          c.repo !== undefined && !c.repo.archived && !c.repo.empty,
      );
    if (linked.length > 0) return linked;
    const demo = world.account(DEMO_LOGIN);
    return [...world.repos.values()]
      .filter((r) => (demo ? r.ownerId === demo.id : true) && !r.archived && !r.empty)
      .slice(0, 10)
      .map((repo) => ({ repo, project: null }));
  }

  private target(name: string | undefined): { repo: Repo; project: VercelProject | null } {
    const { world } = this.deps;
    if (name) {
      const [owner = '', repoName = ''] = name.split('/');
      const found = world.lookupRepo(owner, repoName);
      if (!found || !('repo' in found)) throw new Error(`Unknown repository ${name}`);
      const project =
        [...world.vercel.projects.values()].find((p) => p.repoId === found.repo.id) ?? null;
      return { repo: found.repo, project };
    }
    const candidates = this.candidates();
    if (candidates.length === 0) throw new Error('No repository can take live activity');
    return this.rng.pick(candidates);
  }

  private openPulls(repo: Repo): Pull[] {
    return this.deps.world
      .history(repo.id)
      .data.pulls.filter((p) => p.state === 'open' && !p.draft);
  }

  /** Runs one activity (random kind unless given) and resolves with what happened. */
  async trigger(options: ActivityOptions = {}): Promise<ActivityResult> {
    // Generated threads derive from the world as generated, not as activity leaves it.
    this.deps.world.notifications.materializeAll();
    const ctx = this.context();
    const kind = options.kind ?? this.rng.pick(ACTIVITY_KINDS);
    const { repo, project } = this.target(options.repo);
    const history = this.deps.world.history(repo.id);
    const result: ActivityResult = {
      kind,
      repository: this.deps.world.fullName(repo),
      commitSha: null,
      ref: null,
      pullNumber: null,
      deploymentId: null,
      webhooks: ctx.deliveries,
    };
    let deploy: { commitSha: string; ref: string; pull: Pull | null } | null = null;
    switch (kind) {
      case 'push': {
        const open = this.openPulls(repo);
        const toPull = open.length > 0 && this.rng.chance(0.3) ? this.rng.pick(open) : null;
        const pushed = await pushCommit(ctx, repo, toPull, options.text);
        result.commitSha = pushed.commit.sha;
        result.pullNumber = toPull?.number ?? null;
        deploy = { commitSha: pushed.commit.sha, ref: pushed.branch, pull: toPull };
        break;
      }
      case 'pull_request.opened': {
        const pull = await openPull(ctx, repo, planted(options));
        result.commitSha = pull.headSha;
        result.pullNumber = pull.number;
        deploy = { commitSha: pull.headSha, ref: pull.headRef, pull };
        break;
      }
      case 'pull_request.merged': {
        // Planted text: a pull request of its own is opened with it, then merged.
        const open = options.text === undefined ? this.openPulls(repo) : [];
        const pull =
          open.length > 0 ? this.rng.pick(open) : await openPull(ctx, repo, planted(options));
        const merge = await mergePull(ctx, repo, pull);
        result.commitSha = merge.sha;
        result.pullNumber = pull.number;
        deploy = { commitSha: merge.sha, ref: repo.defaultBranch, pull: null };
        break;
      }
      case 'deployment': {
        const tip = history.branch(repo.defaultBranch);
        if (tip) deploy = { commitSha: tip.sha, ref: repo.defaultBranch, pull: null };
        result.commitSha = tip?.sha ?? null;
        break;
      }
    }
    result.ref = deploy?.ref ?? null;
    const commit = deploy ? history.commit(deploy.commitSha) : undefined;
    if (project && deploy && commit) {
      const running = this.track(
        runDeployment(ctx, {
          project,
          repo,
          commit,
          ref: deploy.ref,
          pull: deploy.pull,
          outcome: options.outcome,
        }),
      );
      if (options.waitForDeployment === false) {
        // runDeployment registers the deployment before its first await.
        result.deploymentId = this.latestDeployment(project.id, commit.sha)?.uid ?? null;
      } else {
        result.deploymentId = (await running).uid;
      }
    }
    return result;
  }

  private latestDeployment(projectId: string, sha: string): VercelDeployment | undefined {
    return this.deps.world.vercel.deployments.find(
      (d) => d.projectId === projectId && d.meta.githubCommitSha === sha,
    );
  }

  /**
   * Runs work an API call started but does not wait for (a redeploy's build, a promote's alias
   * move), tracked like activity so `settle` and `close` wait for it or abandon it.
   */
  background(work: (ctx: ActivityContext) => Promise<void>): void {
    this.track(work(this.context())).catch((error: unknown) =>
      console.error('[emulator] deployment action failed', error),
    );
  }

  /** Finishes deployments that were generated mid-build, so demo data does not stay stuck. */
  resumeInFlight(): void {
    this.deps.world.notifications.materializeAll();
    for (const deployment of this.deps.world.vercel.deployments) {
      if (
        deployment.state === 'QUEUED' ||
        deployment.state === 'BUILDING' ||
        deployment.state === 'INITIALIZING'
      ) {
        this.track(resumeDeployment(this.context(), deployment, undefined)).catch(
          (error: unknown) => console.error('[emulator] deployment failed', error),
        );
      }
    }
  }

  start(intervalMs: number): void {
    this.stop();
    this.resumeInFlight();
    this.timer = setInterval(() => {
      this.track(this.trigger({ waitForDeployment: false })).catch((error: unknown) =>
        console.error('[emulator] activity failed', error),
      );
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  get running(): boolean {
    return this.timer !== null;
  }

  /** For good: deployments in progress stop where they are, so `settle` returns at once. */
  abandon(): void {
    this.stop();
    this.closing.abort();
  }

  /** Waits for every activity and deployment still in progress. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
