import type { Pull, Repo } from '../../data/model.js';
import { renderPullSimple } from './pull.js';
import type { RenderContext } from './render-context.js';

/** `issue-search-result-item` for a pull request (`pull_request` present, as for every PR hit). */
export function renderPullSearchItem(
  ctx: RenderContext,
  repo: Repo,
  pull: Pull,
): Record<string, unknown> {
  const simple = renderPullSimple(ctx, repo, pull);
  const repoApi = ctx.urls.repo(ctx.world.fullName(repo));
  const issueUrl = `${repoApi}/issues/${pull.number}`;
  return {
    url: issueUrl,
    repository_url: repoApi,
    labels_url: `${issueUrl}/labels{/name}`,
    comments_url: `${issueUrl}/comments`,
    events_url: `${issueUrl}/events`,
    html_url: simple.html_url,
    id: pull.id,
    node_id: simple.node_id,
    number: pull.number,
    title: pull.title,
    user: simple.user,
    labels: simple.labels,
    state: pull.state,
    locked: pull.locked,
    assignee: simple.assignee,
    assignees: simple.assignees,
    milestone: null,
    comments: pull.comments,
    created_at: simple.created_at,
    updated_at: simple.updated_at,
    closed_at: simple.closed_at,
    author_association: simple.author_association,
    active_lock_reason: simple.active_lock_reason,
    draft: pull.draft,
    pull_request: {
      url: simple.url,
      html_url: simple.html_url,
      diff_url: simple.diff_url,
      patch_url: simple.patch_url,
      merged_at: simple.merged_at,
    },
    body: pull.body ?? undefined,
    timeline_url: `${issueUrl}/timeline`,
    performed_via_github_app: null,
    state_reason: pull.state === 'closed' && pull.mergedAt === null ? 'not_planned' : null,
    score: 1.0,
  };
}
