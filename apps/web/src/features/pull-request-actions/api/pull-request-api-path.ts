import { repoApiPath } from '@/features/github/api/repo-api-path';
import type { PullRequestRef } from '../pull-request-ref';

/** `/api/github/repos/:owner/:repo/pulls/:number`, the root of every pull-request action. */
export function pullRequestApiPath({
  repository,
  number,
}: Pick<PullRequestRef, 'repository' | 'number'>) {
  const [owner = '', name = ''] = repository.split('/');
  return `${repoApiPath(owner, name)}/pulls/${number}`;
}

/** Where the actions answer of one pull request is cached, so an action can refresh it. */
export function pullRequestActionsQueryKey({
  repository,
  number,
}: Pick<PullRequestRef, 'repository' | 'number'>) {
  return ['pull-request-actions', repository, number] as const;
}
