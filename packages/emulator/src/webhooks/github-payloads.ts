import type {
  Account,
  Commit,
  GhDeployment,
  GhDeploymentStatus,
  Pull,
  Repo,
  Review,
  Team,
} from '../data/model.js';
import { fakeSha } from '../data/ids.js';
import type { RepoHistory } from '../data/repo-history.js';
import { renderDeployment, renderDeploymentStatus } from '../github/render/deployment.js';
import { renderPull, renderPullSimple } from '../github/render/pull.js';
import type { RenderContext } from '../github/render/render-context.js';
import { renderRepository } from '../github/render/repository.js';
import { renderReview } from '../github/render/review.js';
import { renderTeamSimple } from '../github/render/team.js';
import { renderSimpleUser } from '../github/render/user.js';
import { ghTime } from '../github/urls.js';

export const ZERO_SHA = '0000000000000000000000000000000000000000';

/** The repository object of webhook payloads (push sends its dates as epoch seconds). */
export function webhookRepository(
  ctx: RenderContext,
  repo: Repo,
  epochDates: boolean,
): Record<string, unknown> {
  const body = renderRepository(ctx, repo, false);
  delete body.permissions;
  const owner = ctx.world.ownerOf(repo);
  body.custom_properties = {};
  // Push payloads name the organisation by login; the other events' schemas want an object or
  // nothing, and the top-level `organization` is where GitHub puts it for them.
  if (owner.type === 'Organization' && epochDates) body.organization = owner.login;
  if (epochDates) {
    // Push payloads still carry these legacy fields; the other events' schemas do not.
    body.stargazers = repo.stars;
    body.master_branch = repo.defaultBranch;
    body.created_at = Math.floor(Date.parse(repo.createdAt) / 1000);
    body.pushed_at = Math.floor(Date.parse(repo.pushedAt) / 1000);
  }
  return body;
}

function pushCommit(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  commit: Commit,
): Record<string, unknown> {
  const html = ctx.urls.repoHtml(ctx.world.fullName(repo));
  const files = history.filesOf(commit);
  const person = (name: string, email: string, id: number | null): Record<string, unknown> => {
    const login = id === null ? undefined : ctx.world.accounts.get(id)?.login;
    return login ? { name, email, username: login } : { name, email };
  };
  return {
    id: commit.sha,
    tree_id: fakeSha('tree', commit.sha),
    distinct: true,
    message: commit.message,
    timestamp: ghTime(commit.committedAt),
    url: `${html}/commit/${commit.sha}`,
    author: person(commit.authorName, commit.authorEmail, commit.authorId),
    committer: person(commit.committerName, commit.committerEmail, commit.committerId),
    added: files.filter((f) => f.status === 'added').map((f) => f.filename),
    removed: files.filter((f) => f.status === 'removed').map((f) => f.filename),
    modified: files
      .filter((f) => f.status === 'modified' || f.status === 'renamed')
      .map((f) => f.filename),
  };
}

export interface PushDetails {
  ref: string;
  before: string;
  after: string;
  /** New commits, oldest first. */
  commits: readonly Commit[];
  pusher: Account;
}

export function pushPayload(
  ctx: RenderContext,
  repo: Repo,
  history: RepoHistory,
  push: PushDetails,
): Record<string, unknown> {
  const html = ctx.urls.repoHtml(ctx.world.fullName(repo));
  const commits = push.commits.map((c) => pushCommit(ctx, repo, history, c));
  const created = push.before === ZERO_SHA;
  return {
    ref: push.ref,
    before: push.before,
    after: push.after,
    repository: webhookRepository(ctx, repo, true),
    pusher: {
      name: push.pusher.login,
      email: push.pusher.emails.find((e) => e.primary)?.email ?? null,
    },
    sender: renderSimpleUser(ctx.urls, push.pusher),
    created,
    deleted: push.after === ZERO_SHA,
    forced: false,
    base_ref: null,
    compare: created
      ? `${html}/compare/${push.ref.replace('refs/heads/', '')}`
      : `${html}/compare/${push.before.slice(0, 12)}...${push.after.slice(0, 12)}`,
    commits,
    head_commit: commits[commits.length - 1] ?? null,
  };
}

export function pullRequestPayload(
  ctx: RenderContext,
  repo: Repo,
  pull: Pull,
  action: 'opened' | 'closed' | 'synchronize' | 'reopened',
  sender: Account,
  sync?: { before: string; after: string },
): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    action,
    number: pull.number,
    pull_request: webhookPull(ctx, repo, pull),
    repository: webhookRepository(ctx, repo, false),
    sender: renderSimpleUser(ctx.urls, sender),
  };
  if (sync) Object.assign(payload, sync);
  return payload;
}

export function deploymentStatusPayload(
  ctx: RenderContext,
  repo: Repo,
  deployment: GhDeployment,
  status: GhDeploymentStatus,
  sender: Account,
): Record<string, unknown> {
  return {
    action: 'created',
    deployment_status: renderDeploymentStatus(ctx, repo, status),
    deployment: renderDeployment(ctx, repo, deployment),
    repository: webhookRepository(ctx, repo, false),
    sender: renderSimpleUser(ctx.urls, sender),
  };
}

function webhookTeam(ctx: RenderContext, team: Team, withParent: boolean): Record<string, unknown> {
  const simple = renderTeamSimple(ctx, team);
  const body: Record<string, unknown> = {};
  for (const key of [
    'name',
    'id',
    'node_id',
    'slug',
    'description',
    'privacy',
    'url',
    'html_url',
    'members_url',
    'repositories_url',
    'permission',
  ])
    body[key] = simple[key];
  if (!withParent) return body;
  const parent = team.parentId === null ? undefined : ctx.world.teams.get(team.parentId);
  return { ...body, parent: parent ? webhookTeam(ctx, parent, false) : null };
}

/** A webhook's pull request: the REST object, with requested teams in the webhooks' team shape. */
function webhookPull(ctx: RenderContext, repo: Repo, pull: Pull): Record<string, unknown> {
  return {
    ...renderPull(ctx, repo, pull),
    requested_teams: (pull.requestedTeamIds ?? []).flatMap((id) => {
      const team = ctx.world.teams.get(id);
      return team ? [webhookTeam(ctx, team, true)] : [];
    }),
  };
}

/**
 * `pull_request` `review_requested`: GitHub's `oneOf` names either `requested_reviewer` (a person)
 * or `requested_team` (PROVIDERS.md §10.2).
 */
export function reviewRequestedPayload(
  ctx: RenderContext,
  repo: Repo,
  pull: Pull,
  requested: { reviewer: Account } | { team: Team },
  sender: Account,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    action: 'review_requested',
    number: pull.number,
    pull_request: webhookPull(ctx, repo, pull),
  };
  if ('team' in requested) payload.requested_team = webhookTeam(ctx, requested.team, true);
  else payload.requested_reviewer = renderSimpleUser(ctx.urls, requested.reviewer);
  return {
    ...payload,
    repository: webhookRepository(ctx, repo, false),
    sender: renderSimpleUser(ctx.urls, sender),
  };
}

function withoutViewType(user: unknown): unknown {
  if (typeof user !== 'object' || user === null) return user;
  const copy = { ...(user as Record<string, unknown>) };
  delete copy.user_view_type;
  return copy;
}

/**
 * `pull_request_review` `submitted` (PROVIDERS.md §11.3): the review with its state in lower case
 * and `submitted_at`, the pull request as the webhook's "Simple Pull Request".
 */
export function reviewSubmittedPayload(
  ctx: RenderContext,
  repo: Repo,
  pull: Pull,
  review: Review,
  sender: Account,
): Record<string, unknown> {
  const rendered = renderReview(ctx, repo, review);
  return {
    action: 'submitted',
    review: {
      ...rendered,
      body: review.body === '' ? null : review.body,
      commit_id: review.commitId ?? pull.headSha,
      state: review.state.toLowerCase(),
      submitted_at: ghTime(review.submittedAt),
      updated_at: ghTime(review.submittedAt),
    },
    pull_request: {
      ...renderPullSimple(ctx, repo, pull),
      // The webhook's assignee objects have no `user_view_type`.
      assignee: withoutViewType(renderPullSimple(ctx, repo, pull).assignee),
      assignees: pull.assigneeIds.flatMap((id) => {
        const account = ctx.world.accounts.get(id);
        return account ? [withoutViewType(renderSimpleUser(ctx.urls, account))] : [];
      }),
      requested_teams: (pull.requestedTeamIds ?? []).flatMap((id) => {
        const team = ctx.world.teams.get(id);
        return team ? [webhookTeam(ctx, team, true)] : [];
      }),
    },
    repository: webhookRepository(ctx, repo, false),
    sender: renderSimpleUser(ctx.urls, sender),
  };
}
