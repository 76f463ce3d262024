import type { Octokit } from '@octokit/rest';
import { pageSizes } from '@shipdeck/shared/constants';
import type { Repository } from '@shipdeck/shared/github';
import type { Db } from '../../db/database.js';
import {
  findCachedAnswer,
  GITHUB_FRESH_FOR_MS,
  saveCachedAnswer,
} from './github-cache.repository.js';
import { toRepository } from './github-mappers.js';

/** Not a GitHub URL, so it can never collide with a raw answer in the same store. */
const ALL_REPOSITORIES_KEY = 'shipdeck:repositories';

/**
 * Every repository the user owns or works on, 100 a page (GitHub's maximum) through Link headers.
 * The mapped list is kept as one row besides the raw pages: for thousands of repositories,
 * parsing the slim list is far cheaper than re-reading every raw page on each request.
 */
export async function listAllRepositories(
  octokit: Octokit,
  db: Db,
  userId: string,
): Promise<Repository[]> {
  const cached = await findCachedAnswer(db, userId, ALL_REPOSITORIES_KEY);
  const now = Date.now();
  if (cached && now - cached.fetchedAt < GITHUB_FRESH_FOR_MS) {
    return JSON.parse(cached.body) as Repository[];
  }
  const repos = await octokit.paginate(octokit.rest.repos.listForAuthenticatedUser, {
    per_page: pageSizes.providerMax,
    sort: 'updated',
    affiliation: 'owner,collaborator,organization_member',
  });
  const repositories = repos.map(toRepository);
  await saveCachedAnswer(db, userId, ALL_REPOSITORIES_KEY, {
    etag: null,
    lastModified: null,
    link: null,
    body: JSON.stringify(repositories),
    fetchedAt: now,
  });
  return repositories;
}
