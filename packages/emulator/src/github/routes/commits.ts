import type { Commit } from '../../data/model.js';
import type { RepoHistory } from '../../data/repo-history.js';
import { GithubError } from '../github-error.js';
import type { GithubRoute } from '../github-request.js';
import { pageRequest, paginate } from '../pagination.js';
import { renderCommit, renderCommitDetail } from '../render/commit.js';
import { linkUrl, requireCommits, resolveRepo } from '../repo-access.js';
import { ghTime, httpDate } from '../urls.js';

function parseTime(value: string | null, name: string): number | null {
  if (value === null) return null;
  const time = Date.parse(value);
  if (!Number.isFinite(time))
    throw new GithubError(400, `Invalid value for parameter '${name}': ${value}`);
  return time;
}

function matchesPerson(
  request: string | null,
  name: string,
  email: string,
  login: string | undefined,
): boolean {
  if (request === null) return true;
  const wanted = request.toLowerCase();
  return (
    wanted === email.toLowerCase() ||
    wanted === login?.toLowerCase() ||
    wanted === name.toLowerCase()
  );
}

function touchesPath(history: RepoHistory, commit: Commit, path: string): boolean {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return history
    .filesOf(commit)
    .some((f) => f.filename === clean || f.filename.startsWith(`${clean}/`));
}

/** GET …/commits: reachable from `sha` (default branch), newest first, with GitHub's filters. */
export const listCommits: GithubRoute = {
  resource: 'core',
  handler(request) {
    const target = resolveRepo(request);
    requireCommits(target);
    const { history, repo } = target;
    const { query } = request;
    const ref = query.get('sha') ?? repo.defaultBranch;
    const tip = history.resolveRef(ref);
    if (!tip) throw new GithubError(404, `No commit found for SHA: ${ref}`);
    const since = parseTime(query.get('since'), 'since');
    const until = parseTime(query.get('until'), 'until');
    const path = query.get('path');
    const login = (id: number | null): string | undefined =>
      id === null ? undefined : request.world.accounts.get(id)?.login;
    const commits = history.reachableFrom(tip).filter((commit) => {
      const at = Date.parse(commit.committedAt);
      return (
        (since === null || at >= since) &&
        (until === null || at <= until) &&
        matchesPerson(
          query.get('author'),
          commit.authorName,
          commit.authorEmail,
          login(commit.authorId),
        ) &&
        matchesPerson(
          query.get('committer'),
          commit.committerName,
          commit.committerEmail,
          login(commit.committerId),
        ) &&
        (path === null || path === '' || touchesPath(history, commit, path))
      );
    });
    const page = paginate(commits, pageRequest(query), linkUrl(target), query);
    return {
      body: page.items.map((commit) => renderCommit(request.render, repo, commit)),
      link: page.link,
    };
  },
};

/** GET …/commits/{ref}: one commit with stats; its `files` are paged 300 at a time. */
export const getCommit: GithubRoute = {
  resource: 'core',
  handler(request) {
    const target = resolveRepo(request);
    requireCommits(target);
    const ref = request.params.ref ?? '';
    const commit = target.history.resolveRef(ref);
    if (!commit)
      throw new GithubError(422, `No commit found for SHA: ${ref}`, {
        documentation_url: 'https://docs.github.com/rest/commits/commits#get-a-commit',
      });
    const files = target.history.filesOf(commit);
    const paging = pageRequest(request.query, { perPage: 300, maxPerPage: 300 });
    const page = paginate(files, paging, linkUrl(target), request.query);
    const start = (paging.page - 1) * paging.perPage;
    return {
      body: renderCommitDetail(request.render, target.repo, target.history, commit, {
        start,
        end: start + paging.perPage,
      }),
      link: page.link,
      lastModified: httpDate(ghTime(commit.committedAt)),
    };
  },
};
