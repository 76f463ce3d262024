import type { CheckRun, CommitStatus, Repo } from '../../data/model.js';
import { nodeId } from '../../data/ids.js';
import type { RepoHistory } from '../../data/repo-history.js';
import { ghTime } from '../urls.js';
import { renderApp } from './apps.js';
import type { RenderContext } from './render-context.js';
import { renderRepository } from './repository.js';

/** `check-run`, linking the open pull requests whose head is the run's commit. */
export function renderCheckRun(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  run: CheckRun,
): Record<string, unknown> {
  const fullName = ctx.world.fullName(repo);
  const api = ctx.urls.repo(fullName);
  const html = `${ctx.urls.repoHtml(fullName)}/runs/${run.id}`;
  const repoRef = { id: repo.id, url: api, name: repo.name };
  return {
    id: run.id,
    head_sha: run.headSha,
    node_id: nodeId('CheckRun', run.id),
    external_id: '',
    url: `${api}/check-runs/${run.id}`,
    html_url: html,
    details_url: run.detailsUrl ?? html,
    status: run.status,
    conclusion: run.conclusion,
    started_at: ghTime(run.startedAt),
    completed_at: ghTime(run.completedAt),
    output: {
      title: run.title,
      summary: run.summary,
      text: null,
      annotations_count: 0,
      annotations_url: `${api}/check-runs/${run.id}/annotations`,
    },
    name: run.name,
    check_suite: { id: run.checkSuiteId },
    app: renderApp(ctx.urls, run.app),
    pull_requests: history.data.pulls
      .filter((p) => p.state === 'open' && p.headSha === run.headSha)
      .map((p) => ({
        id: p.id,
        number: p.number,
        url: `${api}/pulls/${p.number}`,
        head: { ref: p.headRef, sha: p.headSha, repo: repoRef },
        base: { ref: p.baseRef, sha: p.baseSha, repo: repoRef },
      })),
  };
}

/** The newest status per context, as the combined view reports them. */
export function latestStatuses(statuses: readonly CommitStatus[]): CommitStatus[] {
  const byContext = new Map<string, CommitStatus>();
  for (const status of statuses) {
    const current = byContext.get(status.context);
    if (!current || status.updatedAt >= current.updatedAt) byContext.set(status.context, status);
  }
  return [...byContext.values()].sort((a, b) => a.id - b.id);
}

/** failure if any context failed or errored, pending if none or any is pending, else success. */
export function combinedState(statuses: readonly CommitStatus[]): string {
  if (statuses.some((s) => s.state === 'failure' || s.state === 'error')) return 'failure';
  if (statuses.length === 0 || statuses.some((s) => s.state === 'pending')) return 'pending';
  return 'success';
}

export function renderCombinedStatus(
  ctx: RenderContext,
  repo: Repo,
  sha: string,
  statuses: readonly CommitStatus[],
): Record<string, unknown> {
  const api = ctx.urls.repo(ctx.world.fullName(repo));
  const latest = latestStatuses(statuses);
  const repository = renderRepository(ctx, repo);
  // minimal-repository allows no null license: GitHub omits it there.
  if (repository.license === null) delete repository.license;
  return {
    state: combinedState(latest),
    statuses: latest.map((s) => {
      const creator = ctx.world.accounts.get(s.creatorId);
      return {
        url: `${api}/statuses/${sha}`,
        avatar_url: creator ? ctx.urls.avatar(creator.id) : null,
        id: s.id,
        node_id: nodeId('StatusContext', s.id),
        state: s.state,
        description: s.description,
        target_url: s.targetUrl,
        context: s.context,
        created_at: ghTime(s.createdAt),
        updated_at: ghTime(s.updatedAt),
      };
    }),
    sha,
    total_count: latest.length,
    repository,
    commit_url: `${api}/commits/${sha}`,
    url: `${api}/commits/${sha}/status`,
  };
}
