import type { GithubRoute } from '../github-request.js';
import { pageRequest, paginate } from '../pagination.js';
import { linkUrl, resolveRepo } from '../repo-access.js';

/** GET …/branches (`short-branch[]`), optionally only protected or unprotected ones. */
export const listBranches: GithubRoute = {
  resource: 'core',
  handler(request) {
    const target = resolveRepo(request);
    const protectedParam = request.query.get('protected');
    const api = request.urls.repo(request.world.fullName(target.repo));
    const branches = target.history.data.branches.filter(
      (b) =>
        protectedParam === null ||
        b.protected === (protectedParam === 'true' || protectedParam === '1'),
    );
    const page = paginate(branches, pageRequest(request.query), linkUrl(target), request.query);
    return {
      body: page.items.map((b) => ({
        name: b.name,
        commit: { sha: b.sha, url: `${api}/commits/${b.sha}` },
        protected: b.protected,
      })),
      link: page.link,
    };
  },
};
