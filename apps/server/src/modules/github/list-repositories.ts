import type { Octokit } from '@octokit/rest';
import type { Repository } from '@shipdeck/shared/github';
import { pageSizes } from '@shipdeck/shared/constants';
import { toRepository } from './github-mappers.js';

/** Every repository the user owns or works on, 100 a page (GitHub's maximum) through Link headers. */
export async function listAllRepositories(octokit: Octokit): Promise<Repository[]> {
  const repos = await octokit.paginate(octokit.rest.repos.listForAuthenticatedUser, {
    per_page: pageSizes.providerMax,
    sort: 'updated',
    affiliation: 'owner,collaborator,organization_member',
  });
  return repos.map(toRepository);
}
