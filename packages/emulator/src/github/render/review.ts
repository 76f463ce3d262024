import type { Repo, Review } from '../../data/model.js';
import { nodeId } from '../../data/ids.js';
import { authorAssociation } from '../visibility.js';
import { ghTime } from '../urls.js';
import { pullUrls } from './pull.js';
import type { RenderContext } from './render-context.js';
import { renderSimpleUser } from './user.js';

/** `pull-request-review`: `submitted_at` is absent while a review is pending. */
export function renderReview(
  ctx: RenderContext,
  repo: Repo,
  review: Review,
): Record<string, unknown> {
  const user = ctx.world.accounts.get(review.userId);
  const { api, html } = pullUrls(ctx, repo, review.pullNumber);
  const body: Record<string, unknown> = {
    id: review.id,
    node_id: nodeId('PullRequestReview', review.id),
    user: user ? renderSimpleUser(ctx.urls, user) : null,
    body: review.body,
    state: review.state,
    html_url: `${html}#pullrequestreview-${review.id}`,
    pull_request_url: api,
    author_association: user ? authorAssociation(ctx.world, repo, user.id) : 'NONE',
    _links: {
      html: { href: `${html}#pullrequestreview-${review.id}` },
      pull_request: { href: api },
    },
    commit_id: review.commitId,
  };
  if (review.submittedAt !== null) body.submitted_at = ghTime(review.submittedAt);
  return body;
}
