import { GithubError } from '../github-error.js';
import type { GithubRequest, GithubRoute } from '../github-request.js';
import { renderFullUser } from '../render/user.js';
import { ghTime, httpDate } from '../urls.js';
import { hasScope } from '../visibility.js';
import type { Account } from '../../data/model.js';

export function requireViewer(request: GithubRequest): Account {
  if (!request.viewer) throw new GithubError(401, 'Requires authentication');
  return request.viewer;
}

/** GET /user: private profile fields only with the `user` scope. */
export const getAuthenticatedUser: GithubRoute = {
  resource: 'core',
  handler(request) {
    const viewer = requireViewer(request);
    const owned = request.world.reposOwnedBy(viewer.id);
    const privateCount = owned.filter((r) => r.private).length;
    const body = renderFullUser(
      request.urls,
      viewer,
      {
        publicRepos: owned.length - privateCount,
        totalPrivateRepos: privateCount,
        ownedPrivateRepos: privateCount,
      },
      hasScope(request.scopes, 'user'),
    );
    return { body, lastModified: httpDate(ghTime(viewer.updatedAt)) };
  },
};

/** GET /user/emails: needs `user:email` (or `user`); without it GitHub answers 404. */
export const listEmails: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'user, user:email',
  handler(request) {
    const viewer = requireViewer(request);
    if (!hasScope(request.scopes, 'user:email'))
      throw new GithubError(404, 'Not Found', {
        documentation_url:
          'https://docs.github.com/rest/users/emails#list-email-addresses-for-the-authenticated-user',
      });
    return {
      body: viewer.emails.map((e) => ({
        email: e.email,
        primary: e.primary,
        verified: e.verified,
        visibility: e.visibility,
      })),
    };
  },
};
