import { createRng } from '../data/rng.js';
import type { Pull, Repo } from '../data/model.js';
import type { RepoHistory } from '../data/repo-history.js';
import type { World } from '../data/world.js';
import { mergeSettingsOf, mergeVerdict } from '../github/merge-verdict.js';
import type { RenderContext } from '../github/render/render-context.js';
import { pullRequestPayload } from '../webhooks/github-payloads.js';
import type { ActivityContext } from './activity-context.js';
import { applyMerge, sendMergeWebhooks, type MergeMethod } from './merge-pull-request.js';

export interface PullTarget {
  repo: Repo;
  history: RepoHistory;
  pull: Pull;
}

/** The pull request a GraphQL node id names (`nodeId('PullRequest', id)`), among loaded histories. */
export function findPullByNodeId(world: World, id: string): PullTarget | undefined {
  const decoded = Buffer.from(id, 'base64').toString('utf8');
  const match = /^\d+:PullRequest(\d+)$/.exec(decoded);
  if (!match) return undefined;
  const pullId = Number(match[1]);
  for (const [repoId, history] of world.loadedHistories()) {
    const pull = history.data.pulls.find((p) => p.id === pullId);
    const repo = world.repos.get(repoId);
    if (pull && repo) return { repo, history, pull };
  }
  return undefined;
}

/** `pull_request` `auto_merge_enabled` / `auto_merge_disabled`: the `closed` payload's shape. */
export function autoMergePayload(
  render: RenderContext,
  target: PullTarget,
  action: 'auto_merge_enabled' | 'auto_merge_disabled',
  senderId: number,
): Record<string, unknown> {
  const sender = render.world.accounts.get(senderId) ?? render.world.ownerOf(target.repo);
  const payload = pullRequestPayload(render, target.repo, target.pull, 'closed', sender);
  // `reason` is required on `auto_merge_disabled` ([OA] webhook schema); its wording is UNVERIFIED.
  return action === 'auto_merge_disabled'
    ? { ...payload, action, reason: `Auto-merge was disabled by ${sender.login}.` }
    : { ...payload, action };
}

const METHOD_ALLOWED: Record<MergeMethod, keyof ReturnType<typeof mergeSettingsOf>> = {
  merge: 'allowMergeCommit',
  squash: 'allowSquashMerge',
  rebase: 'allowRebaseMerge',
};

/**
 * Merges pull requests whose auto-merge is on once GitHub would merge them (an approval arrived,
 * the required checks passed), as the person who turned it on, with the webhooks GitHub sends.
 * It looks after every change to the world (`touched`), batched to one pass per turn of the event
 * loop; the merges run as background work, so `settle` and `close` wait for them.
 */
export class AutoMergeWatcher {
  private scheduled = false;
  private stopped = false;
  private readonly onTouched = (): void => this.schedule();

  constructor(
    private readonly world: World,
    private readonly background: (work: (ctx: ActivityContext) => Promise<void>) => void,
  ) {}

  start(): this {
    this.world.events.on('touched', this.onTouched);
    return this;
  }

  stop(): void {
    this.stopped = true;
    this.world.events.off('touched', this.onTouched);
  }

  private schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.stopped || !this.ready().length) return;
      this.background((ctx) => this.settle(ctx));
    });
  }

  /** Open pull requests with auto-merge on that GitHub would merge now. */
  private ready(): PullTarget[] {
    const out: PullTarget[] = [];
    for (const [repoId, history] of this.world.loadedHistories()) {
      const repo = this.world.repos.get(repoId);
      if (!repo) continue;
      for (const pull of history.data.pulls) {
        if (pull.state !== 'open' || !pull.autoMerge) continue;
        if (!mergeSettingsOf(repo)[METHOD_ALLOWED[pull.autoMerge.mergeMethod]]) continue;
        if (mergeVerdict(repo, history, pull).refusal === null) out.push({ repo, history, pull });
      }
    }
    return out;
  }

  private async settle(ctx: ActivityContext): Promise<void> {
    for (const target of this.ready()) {
      if (ctx.signal?.aborted) return;
      const { pull } = target;
      const on = pull.autoMerge;
      const merger = on ? this.world.accounts.get(on.enabledById) : undefined;
      if (!on || !merger || pull.state !== 'open') continue;
      const outcome = applyMerge(
        { world: this.world, rng: createRng(this.world.seed, 'auto-merge', pull.id, Date.now()) },
        target,
        pull,
        { method: on.mergeMethod, merger },
      );
      await sendMergeWebhooks(ctx, target, pull, outcome, merger);
    }
  }
}
