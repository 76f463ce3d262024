import { fakeSha } from '../data/ids.js';
import type { Repo } from '../data/model.js';
import type { World } from '../data/world.js';

export interface OpenPullSpec {
  /** Unique across the world: the pull request's, its check run's and its check suite's id. */
  id: number;
  number: number;
  title: string;
  authorId: number;
  /** Created and updated at (ISO, whole seconds). */
  at: string;
  /** The one check run (`build`) on its head commit. */
  checks: 'success' | 'failure';
  /** Names the head SHA apart from other hand-made pulls. */
  seed: string;
}

/**
 * Adds one open, mergeable pull request with a finished `build` check run to a repository's
 * history, for tests and benchmarks that need many pull requests of a known state. The caller
 * calls `world.touch()` once after adding them.
 */
export function addOpenPull(world: World, repo: Repo, spec: OpenPullSpec): { headSha: string } {
  const history = world.history(repo.id);
  const headSha = fakeSha(spec.seed, repo.id, spec.number);
  history.data.pulls.push({
    id: spec.id,
    number: spec.number,
    title: spec.title,
    body: null,
    state: 'open',
    draft: false,
    locked: false,
    userId: spec.authorId,
    headRef: `${spec.seed}-${spec.number}`,
    headSha,
    baseRef: repo.defaultBranch,
    baseSha: headSha,
    labels: [],
    assigneeIds: [],
    requestedReviewerIds: [],
    createdAt: spec.at,
    updatedAt: spec.at,
    closedAt: null,
    mergedAt: null,
    mergeCommitSha: null,
    mergedById: null,
    comments: 0,
    reviewComments: 0,
    commits: 1,
    additions: 1,
    deletions: 0,
    changedFiles: 1,
    mergeableState: 'clean',
    mergeabilityComputed: true,
  });
  history.data.checkRuns.push({
    id: spec.id,
    headSha,
    name: 'build',
    status: 'completed',
    conclusion: spec.checks,
    startedAt: spec.at,
    completedAt: spec.at,
    title: null,
    summary: null,
    app: 'github-actions',
    checkSuiteId: spec.id,
    detailsUrl: null,
  });
  return { headSha };
}
