import type { Repo } from '../../data/model.js';
import type { CheckSuiteView } from '../../data/check-suites.js';
import { fakeSha, nodeId } from '../../data/ids.js';
import type { RepoHistory } from '../../data/repo-history.js';
import { ghTime } from '../urls.js';
import { renderApp } from './apps.js';
import type { RenderContext } from './render-context.js';
import { renderRepository } from './repository.js';

/** `minimal-repository`: the full object without a null license, which that schema has no room for. */
export function renderMinimalRepository(ctx: RenderContext, repo: Repo): Record<string, unknown> {
  const repository = renderRepository(ctx, repo);
  if (repository.license === null) delete repository.license;
  return repository;
}

/** `simple-commit` of a head SHA (`head_commit` of suites and workflow runs); null if unknown. */
export function renderSimpleCommit(
  history: RepoHistory,
  sha: string,
): Record<string, unknown> | null {
  const commit = history.commit(sha);
  if (!commit) return null;
  return {
    id: commit.sha,
    tree_id: fakeSha('tree', commit.sha),
    message: commit.message,
    timestamp: ghTime(commit.committedAt),
    author: { name: commit.authorName, email: commit.authorEmail },
    committer: { name: commit.committerName, email: commit.committerEmail },
  };
}

/** `pull-request-minimal` of the open pull requests whose head is `sha`. */
export function renderPullsAt(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  sha: string,
): Record<string, unknown>[] {
  const api = ctx.urls.repo(ctx.world.fullName(repo));
  const repoRef = { id: repo.id, url: api, name: repo.name };
  return history.data.pulls
    .filter((p) => p.state === 'open' && p.headSha === sha)
    .map((p) => ({
      id: p.id,
      number: p.number,
      url: `${api}/pulls/${p.number}`,
      head: { ref: p.headRef, sha: p.headSha, repo: repoRef },
      base: { ref: p.baseRef, sha: p.baseSha, repo: repoRef },
    }));
}

/** The branch a head SHA is the tip of, as `head_branch` names it (a pull request's head first). */
export function headBranchOf(history: RepoHistory, sha: string): string | null {
  return (
    history.data.pulls.find((p) => p.state === 'open' && p.headSha === sha)?.headRef ??
    history.data.branches.find((b) => b.sha === sha)?.name ??
    null
  );
}

/** `check-suite`. */
export function renderCheckSuite(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  suite: CheckSuiteView,
): Record<string, unknown> {
  const api = ctx.urls.repo(ctx.world.fullName(repo));
  const head = renderSimpleCommit(history, suite.headSha);
  return {
    id: suite.id,
    node_id: nodeId('CheckSuite', suite.id),
    head_branch: headBranchOf(history, suite.headSha),
    head_sha: suite.headSha,
    status: suite.status,
    conclusion: suite.conclusion,
    url: `${api}/check-suites/${suite.id}`,
    before: history.commit(suite.headSha)?.parents[0] ?? null,
    after: suite.headSha,
    pull_requests: renderPullsAt(ctx, repo, history, suite.headSha),
    app: renderApp(ctx.urls, suite.app),
    repository: renderMinimalRepository(ctx, repo),
    created_at: ghTime(suite.createdAt),
    updated_at: ghTime(suite.updatedAt),
    head_commit: head ?? {
      id: suite.headSha,
      tree_id: fakeSha('tree', suite.headSha),
      message: '',
      timestamp: ghTime(suite.createdAt),
      author: null,
      committer: null,
    },
    latest_check_runs_count: suite.latest.length,
    check_runs_url: `${api}/check-suites/${suite.id}/check-runs`,
    rerequestable: true,
    runs_rerequestable: true,
  };
}
