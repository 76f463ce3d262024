import type { Commit, FileChange } from '../../data/model.js';
import type { RepoHistory } from '../../data/repo-history.js';
import { fakeSha } from '../../data/ids.js';
import { GithubError } from '../github-error.js';
import type { GithubRoute } from '../github-request.js';
import { pageRequest, paginate } from '../pagination.js';
import { renderCommit } from '../render/commit.js';
import { linkUrl, requireCommits, resolveRepo } from '../repo-access.js';

const DOCS = 'https://docs.github.com/rest/commits/commits#compare-two-commits';
/** GitHub lists at most 250 commits on one page of a comparison and at most 300 files. */
const MAX_COMMITS = 250;
const MAX_FILES = 300;

function notFound(): GithubError {
  return new GithubError(404, 'Not Found', { documentation_url: DOCS });
}

/**
 * `base...head` (what GitHub documents) or `base..head`: the API answers both with the same
 * merge-base comparison, so they are read alike here.
 */
function splitBasehead(basehead: string): [string, string] | null {
  const triple = basehead.indexOf('...');
  const at = triple >= 0 ? triple : basehead.indexOf('..');
  if (at <= 0) return null;
  const head = basehead.slice(at + (triple >= 0 ? 3 : 2));
  return head === '' ? null : [basehead.slice(0, at), head];
}

/** `owner:ref` names a fork's ref; only the repository's own owner prefix is understood here. */
function ownRef(ref: string, owner: string): string {
  const colon = ref.indexOf(':');
  if (colon < 0) return ref;
  return ref.slice(0, colon).toLowerCase() === owner.toLowerCase() ? ref.slice(colon + 1) : '';
}

interface Comparison {
  status: 'ahead' | 'behind' | 'identical' | 'diverged';
  mergeBase: Commit;
  /** Commits reachable from head but not base, oldest first, as GitHub lists them. */
  ahead: Commit[];
  behindBy: number;
}

function compareCommits(history: RepoHistory, base: Commit, head: Commit): Comparison | null {
  const fromBase = history.reachableFrom(base);
  const fromHead = history.reachableFrom(head);
  const baseSet = new Set(fromBase.map((c) => c.sha));
  const headSet = new Set(fromHead.map((c) => c.sha));
  // reachableFrom lists newest first, so the first shared commit is the nearest common ancestor.
  const mergeBase = fromHead.find((c) => baseSet.has(c.sha));
  if (!mergeBase) return null;
  const ahead = fromHead.filter((c) => !baseSet.has(c.sha)).reverse();
  const behindBy = fromBase.filter((c) => !headSet.has(c.sha)).length;
  const status =
    ahead.length > 0 && behindBy > 0
      ? 'diverged'
      : ahead.length > 0
        ? 'ahead'
        : behindBy > 0
          ? 'behind'
          : 'identical';
  return { status, mergeBase, ahead, behindBy };
}

/** The combined file list of the commits head adds, one entry per path. */
function changedFiles(history: RepoHistory, ahead: readonly Commit[]): FileChange[] {
  const byPath = new Map<string, FileChange>();
  for (const commit of ahead) {
    for (const file of history.filesOf(commit)) {
      const seen = byPath.get(file.filename);
      byPath.set(
        file.filename,
        seen
          ? {
              ...seen,
              additions: seen.additions + file.additions,
              deletions: seen.deletions + file.deletions,
              status: seen.status === 'added' && file.status !== 'removed' ? 'added' : file.status,
            }
          : { ...file },
      );
    }
  }
  return [...byPath.values()].slice(0, MAX_FILES);
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** GET …/compare/{base}...{head}: ahead/behind counts, merge base, commits and files. */
export const compareCommitsRoute: GithubRoute = {
  resource: 'core',
  handler(request) {
    const target = resolveRepo(request);
    requireCommits(target);
    const { history, repo } = target;
    const parts = splitBasehead(request.params.basehead ?? '');
    if (!parts) throw notFound();
    const owner = request.world.fullName(repo).split('/')[0] ?? '';
    const base = history.resolveRef(ownRef(parts[0], owner));
    const head = history.resolveRef(ownRef(parts[1], owner));
    if (!base || !head) throw notFound();
    const comparison = compareCommits(history, base, head);
    if (!comparison)
      throw new GithubError(404, `No common ancestor between ${parts[0]} and ${parts[1]}.`, {
        documentation_url: DOCS,
      });

    const paging = pageRequest(request.query, { perPage: MAX_COMMITS, maxPerPage: MAX_COMMITS });
    const page = paginate(comparison.ahead, paging, linkUrl(target), request.query);
    const fullName = request.world.fullName(repo);
    const api = request.urls.repo(fullName);
    const html = request.urls.repoHtml(fullName);
    const basehead = `${parts[0]}...${parts[1]}`;
    const permalink = `${owner}:${base.sha.slice(0, 7)}...${owner}:${head.sha.slice(0, 7)}`;
    const render = (commit: Commit): Record<string, unknown> =>
      renderCommit(request.render, repo, commit);
    // Like GitHub, the files come only with the first page of commits.
    const files =
      paging.page === 1
        ? changedFiles(history, comparison.ahead).map((file) => {
            const path = encodePath(file.filename);
            const entry: Record<string, unknown> = {
              sha: file.status === 'removed' ? null : fakeSha('blob', head.sha, file.filename),
              filename: file.filename,
              status: file.status,
              additions: file.additions,
              deletions: file.deletions,
              changes: file.additions + file.deletions,
              blob_url: `${html}/blob/${head.sha}/${path}`,
              raw_url: `${html}/raw/${head.sha}/${path}`,
              contents_url: `${api}/contents/${path}?ref=${head.sha}`,
            };
            if (file.patch !== undefined) entry.patch = file.patch;
            if (file.previousFilename !== undefined)
              entry.previous_filename = file.previousFilename;
            return entry;
          })
        : [];
    return {
      body: {
        url: `${api}/compare/${basehead}`,
        html_url: `${html}/compare/${basehead}`,
        permalink_url: `${html}/compare/${permalink}`,
        diff_url: `${html}/compare/${basehead}.diff`,
        patch_url: `${html}/compare/${basehead}.patch`,
        base_commit: render(base),
        merge_base_commit: render(comparison.mergeBase),
        status: comparison.status,
        ahead_by: comparison.ahead.length,
        behind_by: comparison.behindBy,
        total_commits: comparison.ahead.length,
        commits: page.items.map(render),
        files,
      },
      link: page.link,
    };
  },
};
