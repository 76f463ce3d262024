import { GithubError } from '../github-error.js';
import type { GithubRoute } from '../github-request.js';
import { pageRequest, paginate } from '../pagination.js';
import { renderCheckRun, renderCombinedStatus } from '../render/checks.js';
import { linkUrl, requireCommits, resolveRepo } from '../repo-access.js';

/** GET …/commits/{ref}/check-runs: `{total_count, check_runs}` with GitHub's filters. */
export const listCheckRuns: GithubRoute = {
  resource: 'core',
  handler(request) {
    const target = resolveRepo(request);
    requireCommits(target);
    const ref = request.params.ref ?? '';
    const commit = target.history.resolveRef(ref);
    if (!commit) throw new GithubError(422, `No commit found for SHA: ${ref}`);
    const { query } = request;
    const name = query.get('check_name');
    const status = query.get('status');
    const appId = query.get('app_id');
    const filter = query.get('filter') ?? 'latest';
    let runs = target.history.data.checkRuns.filter(
      (run) =>
        run.headSha === commit.sha &&
        (name === null || run.name === name) &&
        (status === null || run.status === status) &&
        (appId === null ||
          (appId === '15368'
            ? run.app === 'github-actions'
            : appId === '8329' && run.app === 'vercel')),
    );
    if (filter === 'latest') {
      const latest = new Map<string, (typeof runs)[number]>();
      for (const run of runs)
        if ((latest.get(run.name)?.id ?? -1) < run.id) latest.set(run.name, run);
      runs = [...latest.values()];
    }
    runs.sort((a, b) => b.id - a.id);
    const page = paginate(runs, pageRequest(query), linkUrl(target), query);
    return {
      body: {
        total_count: runs.length,
        check_runs: page.items.map((run) =>
          renderCheckRun(request.render, target.repo, target.history, run),
        ),
      },
      link: page.link,
    };
  },
};

/** GET …/commits/{ref}/status: the combined state over the newest status of each context. */
export const getCombinedStatus: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'repo, repo:status',
  handler(request) {
    const target = resolveRepo(request);
    const ref = request.params.ref ?? '';
    const commit = target.history.resolveRef(ref);
    if (!commit) throw new GithubError(404, `No commit found for SHA: ${ref}`);
    const statuses = target.history.data.statuses.filter((s) => s.sha === commit.sha);
    return { body: renderCombinedStatus(request.render, target.repo, commit.sha, statuses) };
  },
};
