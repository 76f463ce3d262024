import { generateCommitFiles } from './generate-files.js';
import { idBase } from './generate-history.js';
import type { Branch, Commit, FileChange, Pull, RepoHistoryData } from './model.js';

const SHA_PREFIX = /^[0-9a-f]{7,40}$/i;

/** One repository's git and pull request data, with the indexes the routes need. */
export class RepoHistory {
  readonly data: RepoHistoryData;
  private readonly commitsBySha = new Map<string, Commit>();
  private readonly reachableCache = new Map<string, Commit[]>();
  private nextIdValue: number;

  constructor(
    data: RepoHistoryData,
    repoId: number,
    private readonly seed: number | string,
  ) {
    this.data = data;
    for (const commit of data.commits) this.commitsBySha.set(commit.sha, commit);
    const ids = [
      ...data.pulls.map((p) => p.id),
      ...data.reviews.map((r) => r.id),
      ...data.checkRuns.flatMap((c) => [c.id, c.checkSuiteId]),
      ...data.statuses.map((s) => s.id),
      ...data.deployments.map((d) => d.id),
      ...data.deploymentStatuses.map((s) => s.id),
    ];
    this.nextIdValue = Math.max(idBase(repoId), ...ids) + 1;
  }

  get isEmpty(): boolean {
    return this.data.commits.length === 0;
  }

  nextId(): number {
    return this.nextIdValue++;
  }

  commit(sha: string): Commit | undefined {
    return this.commitsBySha.get(sha);
  }

  branch(name: string): Branch | undefined {
    return this.data.branches.find((b) => b.name === name);
  }

  pull(number: number): Pull | undefined {
    return this.data.pulls.find((p) => p.number === number);
  }

  /** A branch name, a full SHA or an unambiguous SHA prefix of at least 7 characters. */
  resolveRef(ref: string): Commit | undefined {
    const cleaned = ref.replace(/^refs\/heads\//, '');
    const branch = this.branch(cleaned);
    if (branch) return this.commitsBySha.get(branch.sha);
    if (!SHA_PREFIX.test(cleaned)) return undefined;
    const lower = cleaned.toLowerCase();
    const exact = this.commitsBySha.get(lower);
    if (exact) return exact;
    const matches = this.data.commits.filter((c) => c.sha.startsWith(lower));
    return matches.length === 1 ? matches[0] : undefined;
  }

  /** Every commit reachable from `tip`, newest first, as `git log` lists them. */
  reachableFrom(tip: Commit): Commit[] {
    const cached = this.reachableCache.get(tip.sha);
    if (cached) return cached;
    const seen = new Set<string>();
    const stack = [tip];
    const out: Commit[] = [];
    while (stack.length > 0) {
      const commit = stack.pop();
      if (!commit || seen.has(commit.sha)) continue;
      seen.add(commit.sha);
      out.push(commit);
      for (const parent of commit.parents) {
        const next = this.commitsBySha.get(parent);
        if (next) stack.push(next);
      }
    }
    out.sort((a, b) =>
      a.committedAt < b.committedAt ? 1 : a.committedAt > b.committedAt ? -1 : 0,
    );
    this.reachableCache.set(tip.sha, out);
    return out;
  }

  filesOf(commit: Commit): FileChange[] {
    commit.files ??= generateCommitFiles(this.seed, commit.sha);
    return commit.files;
  }

  addCommit(commit: Commit): void {
    this.data.commits.push(commit);
    this.commitsBySha.set(commit.sha, commit);
    this.reachableCache.clear();
  }

  setBranch(name: string, sha: string): void {
    const existing = this.branch(name);
    if (existing) existing.sha = sha;
    else this.data.branches.push({ name, sha, protected: false });
    this.data.branches.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  deleteBranch(name: string): void {
    this.data.branches = this.data.branches.filter((b) => b.name !== name);
  }
}
