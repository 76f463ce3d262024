import type { Commit, Repo } from '../../data/model.js';
import { fakeSha, nodeId } from '../../data/ids.js';
import type { RepoHistory } from '../../data/repo-history.js';
import { ghTime } from '../urls.js';
import type { RenderContext } from './render-context.js';
import { renderSimpleUser } from './user.js';

function userOrNull(ctx: RenderContext, id: number | null): Record<string, unknown> | null {
  const account = id === null ? undefined : ctx.world.accounts.get(id);
  return account ? renderSimpleUser(ctx.urls, account) : null;
}

function verification(commit: Commit): Record<string, unknown> {
  if (!commit.verified)
    return {
      verified: false,
      reason: 'unsigned',
      signature: null,
      payload: null,
      verified_at: null,
    };
  return {
    verified: true,
    reason: 'valid',
    signature: `-----BEGIN PGP SIGNATURE-----\n\nwsBcBAABCAAQBQJ${commit.sha.slice(0, 24)}\n-----END PGP SIGNATURE-----\n`,
    payload: `tree ${fakeSha('tree', commit.sha)}\nparent ${commit.parents[0] ?? ''}\n\n${commit.message}`,
    verified_at: ghTime(commit.committedAt),
  };
}

/** `commit` as the list endpoint sends it (no stats or files). */
export function renderCommit(
  ctx: RenderContext,
  repo: Repo,
  commit: Commit,
): Record<string, unknown> {
  const fullName = ctx.world.fullName(repo);
  const api = ctx.urls.repo(fullName);
  const html = ctx.urls.repoHtml(fullName);
  const tree = fakeSha('tree', commit.sha);
  return {
    sha: commit.sha,
    node_id: nodeId('Commit', `${repo.id}:${commit.sha}`),
    commit: {
      author: {
        name: commit.authorName,
        email: commit.authorEmail,
        date: ghTime(commit.authoredAt),
      },
      committer: {
        name: commit.committerName,
        email: commit.committerEmail,
        date: ghTime(commit.committedAt),
      },
      message: commit.message,
      tree: { sha: tree, url: `${api}/git/trees/${tree}` },
      url: `${api}/git/commits/${commit.sha}`,
      comment_count: 0,
      verification: verification(commit),
    },
    url: `${api}/commits/${commit.sha}`,
    html_url: `${html}/commit/${commit.sha}`,
    comments_url: `${api}/commits/${commit.sha}/comments`,
    author: userOrNull(ctx, commit.authorId),
    committer: userOrNull(ctx, commit.committerId),
    parents: commit.parents.map((sha) => ({
      sha,
      url: `${api}/commits/${sha}`,
      html_url: `${html}/commit/${sha}`,
    })),
  };
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** `commit` with `stats` and one page of `files`, as the single-commit endpoint sends it. */
export function renderCommitDetail(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  commit: Commit,
  page: { start: number; end: number },
): Record<string, unknown> {
  const fullName = ctx.world.fullName(repo);
  const api = ctx.urls.repo(fullName);
  const html = ctx.urls.repoHtml(fullName);
  const files = history.filesOf(commit);
  const additions = files.reduce((sum, f) => sum + f.additions, 0);
  const deletions = files.reduce((sum, f) => sum + f.deletions, 0);
  return {
    ...renderCommit(ctx, repo, commit),
    stats: { total: additions + deletions, additions, deletions },
    files: files.slice(page.start, page.end).map((file) => {
      const path = encodePath(file.filename);
      const entry: Record<string, unknown> = {
        sha: file.status === 'removed' ? null : fakeSha('blob', commit.sha, file.filename),
        filename: file.filename,
        status: file.status,
        additions: file.additions,
        deletions: file.deletions,
        changes: file.additions + file.deletions,
        blob_url: `${html}/blob/${commit.sha}/${path}`,
        raw_url: `${html}/raw/${commit.sha}/${path}`,
        contents_url: `${api}/contents/${path}?ref=${commit.sha}`,
      };
      if (file.patch !== undefined) entry.patch = file.patch;
      if (file.previousFilename !== undefined) entry.previous_filename = file.previousFilename;
      return entry;
    }),
  };
}
