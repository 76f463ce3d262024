import type { Account } from '../data/model.js';
import { GithubError, notFound } from './github-error.js';
import type { GithubRequest } from './github-request.js';
import type { RepoTarget } from './repo-access.js';
import { hasScope, viewerRole } from './visibility.js';

/** A fine-grained token's repository permission, as `X-Accepted-GitHub-Permissions` names it. */
export type FineGrainedPermission = 'pull_requests' | 'actions' | 'checks' | 'contents';

export interface WriteNeed {
  /** The fine-grained permission (write) the endpoint needs ([FGP], PROVIDERS.md §11.6). */
  permission: FineGrainedPermission;
  /** The person's role the endpoint needs: `read` for reviews (anyone who sees the repository). */
  role: 'read' | 'write';
  documentationUrl: string;
}

/**
 * Checks what a write needs beyond seeing the repository, answering as GitHub does:
 * - a classic token without `repo` (or `public_repo` on a public repository): 404, with
 *   `X-Accepted-OAuth-Scopes` saying what would do;
 * - a fine-grained token without the permission: 403 `Resource not accessible by personal access
 *   token` with `X-Accepted-GitHub-Permissions: <permission>=write` (github.blog 2023-08-10). Its
 *   `scopes` stand for its permissions: `<permission>:write`, or `repo` for all of them;
 * - a person with read access where write is needed: 403 (the text is UNVERIFIED).
 */
export function requireWrite(request: GithubRequest, target: RepoTarget, need: WriteNeed): Account {
  const { viewer, token } = request;
  if (!viewer || !token) throw new GithubError(401, 'Requires authentication');
  if (token.fineGrained) {
    if (!token.scopes.some((s) => s === 'repo' || s === `${need.permission}:write`))
      throw new GithubError(
        403,
        'Resource not accessible by personal access token',
        { documentation_url: need.documentationUrl },
        { 'x-accepted-github-permissions': `${need.permission}=write` },
      );
  } else if (
    !hasScope(request.scopes, 'repo') &&
    !(hasScope(request.scopes, 'public_repo') && !target.repo.private)
  ) {
    throw notFound();
  }
  if (target.repo.archived)
    throw new GithubError(403, 'Repository was archived so is read-only.', {
      documentation_url: need.documentationUrl,
    });
  if (need.role === 'write') {
    const role = viewerRole(request.world, target.repo, viewer);
    if (role !== 'admin' && role !== 'write')
      throw new GithubError(403, 'Must have push access to repository.', {
        documentation_url: need.documentationUrl,
      });
  }
  return viewer;
}
