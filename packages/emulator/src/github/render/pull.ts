import type { Account, Pull, Repo } from '../../data/model.js';
import { nodeId } from '../../data/ids.js';
import { mergeVerdict } from '../merge-verdict.js';
import { authorAssociation } from '../visibility.js';
import { ghTime } from '../urls.js';
import type { RenderContext } from './render-context.js';
import { renderRepository } from './repository.js';
import { renderTeam, renderTeamSimple } from './team.js';
import { renderSimpleUser } from './user.js';

function accounts(ctx: RenderContext, ids: readonly number[]): Account[] {
  return ids.map((id) => ctx.world.accounts.get(id)).filter((a): a is Account => a !== undefined);
}

export function pullUrls(
  ctx: RenderContext,
  repo: Repo,
  number: number,
): { api: string; html: string; repoApi: string } {
  const fullName = ctx.world.fullName(repo);
  const repoApi = ctx.urls.repo(fullName);
  return {
    api: `${repoApi}/pulls/${number}`,
    html: `${ctx.urls.repoHtml(fullName)}/pull/${number}`,
    repoApi,
  };
}

export function renderLabel(
  ctx: RenderContext,
  repo: Repo,
  label: Pull['labels'][number],
): Record<string, unknown> {
  return {
    id: label.id,
    node_id: nodeId('Label', label.id),
    url: `${ctx.urls.repo(ctx.world.fullName(repo))}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    description: label.description,
    color: label.color,
    default: label.id <= 9002,
  };
}

/** `auto-merge`: who turned merge when ready on, and the commit it will make; null while off. */
function renderAutoMerge(ctx: RenderContext, pull: Pull): Record<string, unknown> | null {
  const on = pull.autoMerge;
  const by = on ? ctx.world.accounts.get(on.enabledById) : undefined;
  if (!on || !by) return null;
  return {
    enabled_by: renderSimpleUser(ctx.urls, by),
    merge_method: on.mergeMethod,
    commit_title: on.mergeMethod === 'squash' ? `${pull.title} (#${pull.number})` : pull.title,
    commit_message: '',
  };
}

/** `pull-request-simple` (list items). Deliberately without `merged`: that key is detail-only. */
export function renderPullSimple(
  ctx: RenderContext,
  repo: Repo,
  pull: Pull,
): Record<string, unknown> {
  const owner = ctx.world.ownerOf(repo);
  const author = ctx.world.accounts.get(pull.userId) ?? owner;
  const { api, html, repoApi } = pullUrls(ctx, repo, pull.number);
  const repoObject = renderRepository(ctx, repo);
  const side = (ref: string, sha: string): Record<string, unknown> => ({
    label: `${owner.login}:${ref}`,
    ref,
    sha,
    user: renderSimpleUser(ctx.urls, owner),
    repo: repoObject,
  });
  const assignees = accounts(ctx, pull.assigneeIds);
  const first = assignees[0];
  const link = (href: string): { href: string } => ({ href });
  return {
    url: api,
    id: pull.id,
    node_id: nodeId('PullRequest', pull.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${repoApi}/issues/${pull.number}`,
    number: pull.number,
    state: pull.state,
    locked: pull.locked,
    title: pull.title,
    user: renderSimpleUser(ctx.urls, author),
    body: pull.body,
    created_at: ghTime(pull.createdAt),
    updated_at: ghTime(pull.updatedAt),
    closed_at: ghTime(pull.closedAt),
    merged_at: ghTime(pull.mergedAt),
    merge_commit_sha: pull.mergeCommitSha,
    assignee: first ? renderSimpleUser(ctx.urls, first) : null,
    assignees: assignees.map((a) => renderSimpleUser(ctx.urls, a)),
    requested_reviewers: accounts(ctx, pull.requestedReviewerIds).map((a) =>
      renderSimpleUser(ctx.urls, a),
    ),
    requested_teams: (pull.requestedTeamIds ?? []).flatMap((id) => {
      const team = ctx.world.teams.get(id);
      return team ? [renderTeam(ctx, team)] : [];
    }),
    labels: pull.labels.map((label) => renderLabel(ctx, repo, label)),
    milestone: null,
    draft: pull.draft,
    commits_url: `${api}/commits`,
    review_comments_url: `${api}/comments`,
    review_comment_url: `${repoApi}/pulls/comments{/number}`,
    comments_url: `${repoApi}/issues/${pull.number}/comments`,
    statuses_url: `${repoApi}/statuses/${pull.headSha}`,
    head: side(pull.headRef, pull.headSha),
    base: side(pull.baseRef, pull.baseSha),
    _links: {
      self: link(api),
      html: link(html),
      issue: link(`${repoApi}/issues/${pull.number}`),
      comments: link(`${repoApi}/issues/${pull.number}/comments`),
      review_comments: link(`${api}/comments`),
      review_comment: link(`${repoApi}/pulls/comments{/number}`),
      commits: link(`${api}/commits`),
      statuses: link(`${repoApi}/statuses/${pull.headSha}`),
    },
    author_association: authorAssociation(ctx.world, repo, author.id),
    auto_merge: renderAutoMerge(ctx, pull),
    active_lock_reason: pull.locked ? 'resolved' : null,
  };
}

/** `pull-request` (one PR). `mergeable` is null until GitHub has computed it. */
export function renderPull(ctx: RenderContext, repo: Repo, pull: Pull): Record<string, unknown> {
  const mergedBy = pull.mergedById === null ? undefined : ctx.world.accounts.get(pull.mergedById);
  const computed = pull.state === 'open' && pull.mergeabilityComputed;
  const verdict = mergeVerdict(repo, ctx.world.history(repo.id), pull);
  return {
    ...renderPullSimple(ctx, repo, pull),
    // A single pull request carries `team-simple` requested teams, a list item `team`.
    requested_teams: (pull.requestedTeamIds ?? []).flatMap((id) => {
      const team = ctx.world.teams.get(id);
      return team ? [renderTeamSimple(ctx, team)] : [];
    }),
    merged: pull.mergedAt !== null,
    mergeable: computed ? pull.mergeableState !== 'dirty' : null,
    rebaseable: computed ? pull.mergeableState !== 'dirty' : null,
    // Protection (approvals, required checks) is decided afresh: `blocked` until they are met.
    mergeable_state:
      pull.state === 'open' && !pull.mergeabilityComputed
        ? 'unknown'
        : pull.state === 'open'
          ? verdict.state
          : pull.mergeableState,
    merged_by: mergedBy ? renderSimpleUser(ctx.urls, mergedBy) : null,
    comments: pull.comments,
    review_comments: pull.reviewComments,
    maintainer_can_modify: false,
    commits: pull.commits,
    additions: pull.additions,
    deletions: pull.deletions,
    changed_files: pull.changedFiles,
  };
}
