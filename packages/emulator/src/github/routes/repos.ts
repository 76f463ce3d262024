import type { GithubRoute } from '../github-request.js';
import { resolveRepo } from '../repo-access.js';
import { renderRepository } from '../render/repository.js';
import { ghTime, httpDate } from '../urls.js';

/** GET /repos/{owner}/{repo} and /repositories/{id}: `full-repository`. */
export const getRepo: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'repo',
  handler(request) {
    const { repo } = resolveRepo(request);
    return {
      body: renderRepository(request.render, repo, true),
      lastModified: httpDate(ghTime(repo.updatedAt)),
    };
  },
};

/** GET …/languages: bytes per language, `{}` when GitHub detected none. */
export const listLanguages: GithubRoute = {
  resource: 'core',
  handler(request) {
    const { history } = resolveRepo(request);
    const sorted = Object.entries(history.data.languages).sort((a, b) => b[1] - a[1]);
    return { body: Object.fromEntries(sorted) };
  },
};
