import type { Pull, Review } from '../../data/model.js';
import { reviewRequestedPayload, reviewSubmittedPayload } from '../../webhooks/github-payloads.js';
import { GithubError, notFound, validationFailed } from '../github-error.js';
import type { GithubRequest, GithubRoute } from '../github-request.js';
import { renderPullSimple } from '../render/pull.js';
import { renderReview } from '../render/review.js';
import { resolveRepo, type RepoTarget } from '../repo-access.js';
import { viewerRole } from '../visibility.js';
import { requireWrite } from '../write-access.js';

// Reviews and review requests (PROVIDERS.md §11.3, §11.4): the answers and 422 texts GitHub gives.

const REVIEW_DOCS = 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request';
const REQUEST_DOCS =
  'https://docs.github.com/rest/pulls/review-requests#request-reviewers-for-a-pull-request';

function pullOf(target: RepoTarget, request: GithubRequest): Pull {
  const number = Number(request.params.number);
  const pull = Number.isInteger(number) ? target.history.pull(number) : undefined;
  if (!pull) throw notFound();
  return pull;
}

function record(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** `validation-error-simple`: `errors` is a list of strings here (hubtty/hubtty#33, #67). */
function unprocessable(error: string, documentationUrl: string): GithubError {
  return new GithubError(422, 'Unprocessable Entity', {
    errors: [error],
    documentation_url: documentationUrl,
  });
}

const EVENT_STATES = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
} as const;

/**
 * POST …/pulls/{n}/reviews. The author may neither approve nor request changes; requesting
 * changes (and commenting) needs a body. A submitted review takes its author off the requested
 * reviewers, as on GitHub, so review state and mergeability move with it.
 */
export const createReview: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'public_repo, repo',
  handler(request) {
    const target = resolveRepo(request);
    const viewer = requireWrite(request, target, {
      permission: 'pull_requests',
      role: 'read',
      documentationUrl: REVIEW_DOCS,
    });
    const pull = pullOf(target, request);
    const body = record(request.body);
    const event = body.event;
    const text = typeof body.body === 'string' ? body.body : '';
    if (event !== undefined && (typeof event !== 'string' || !(event in EVENT_STATES)))
      throw validationFailed('PullRequestReview', 'event');
    const key = event as keyof typeof EVENT_STATES | undefined;
    if (pull.userId === viewer.id && key === 'APPROVE')
      throw unprocessable('Can not approve your own pull request', REVIEW_DOCS);
    if (pull.userId === viewer.id && key === 'REQUEST_CHANGES')
      throw unprocessable('Can not request changes on your own pull request', REVIEW_DOCS);
    if (key === 'REQUEST_CHANGES' && text.trim() === '')
      throw unprocessable(
        'You need to leave a comment indicating the requested changes.',
        REVIEW_DOCS,
      );
    // UNVERIFIED text: GitHub's documentation only says the body is required for COMMENT.
    if (key === 'COMMENT' && text.trim() === '')
      throw unprocessable('You need to leave a comment.', REVIEW_DOCS);
    const now = new Date().toISOString();
    const review: Review = {
      id: target.history.nextId(),
      pullNumber: pull.number,
      userId: viewer.id,
      body: text,
      state: key ? EVENT_STATES[key] : 'PENDING',
      submittedAt: key ? now : null,
      commitId: typeof body.commit_id === 'string' ? body.commit_id : pull.headSha,
    };
    target.history.data.reviews.push(review);
    if (key) {
      pull.requestedReviewerIds = pull.requestedReviewerIds.filter((id) => id !== viewer.id);
      pull.updatedAt = now;
      if (pull.userId !== viewer.id)
        request.world.notifications.notify({
          userId: pull.userId,
          repoId: target.repo.id,
          reason: 'author',
          subject: {
            type: 'PullRequest',
            title: pull.title,
            path: `/pulls/${pull.number}`,
            latestCommentPath: `/pulls/${pull.number}`,
          },
        });
    }
    request.world.touch();
    if (key) {
      const { repo } = target;
      request.actions.background(async (ctx) => {
        const payload = reviewSubmittedPayload(ctx.render(), repo, pull, review, viewer);
        ctx.deliveries.push(
          ...(await ctx.webhooks.sendGithub('pull_request_review', payload, repo.id)),
        );
      });
    }
    return { body: renderReview(request.render, target.repo, review) };
  },
};

function stringList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw validationFailed('PullRequest', field);
  return value;
}

/**
 * POST …/pulls/{n}/requested_reviewers: users must be collaborators with write access and teams
 * the owning organisation's teams with access to the repository; the author cannot be asked.
 * Each new request sends one `pull_request` `review_requested` and notifies the person.
 */
export const requestReviewers: GithubRoute = {
  resource: 'core',
  acceptedScopes: 'public_repo, repo',
  handler(request) {
    const target = resolveRepo(request);
    const viewer = requireWrite(request, target, {
      permission: 'pull_requests',
      role: 'write',
      documentationUrl: REQUEST_DOCS,
    });
    const pull = pullOf(target, request);
    const body = record(request.body);
    const logins = stringList(body.reviewers, 'reviewers');
    const slugs = stringList(body.team_reviewers, 'team_reviewers');
    const { world } = request;
    const { repo } = target;
    const notCollaborator = new GithubError(
      422,
      `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${world.fullName(repo)} repository.`,
      { documentation_url: REQUEST_DOCS },
    );
    const users = logins.map((login) => {
      const account = world.account(login);
      if (!account || account.type !== 'User') throw notCollaborator;
      if (account.id === pull.userId)
        throw new GithubError(422, 'Review cannot be requested from pull request author.', {
          documentation_url: REQUEST_DOCS,
        });
      const role = viewerRole(world, repo, account);
      if (role !== 'admin' && role !== 'write') throw notCollaborator;
      return account;
    });
    const owner = world.ownerOf(repo);
    const teams = slugs.map((slug) => {
      const team = owner.type === 'Organization' ? world.team(owner.login, slug) : undefined;
      if (!team || !team.repos.some((r) => r.repoId === repo.id)) throw notCollaborator;
      return team;
    });
    const newUsers = users.filter((u) => !pull.requestedReviewerIds.includes(u.id));
    const newTeams = teams.filter((t) => !(pull.requestedTeamIds ?? []).includes(t.id));
    pull.requestedReviewerIds = [...pull.requestedReviewerIds, ...newUsers.map((u) => u.id)];
    if (newTeams.length > 0)
      pull.requestedTeamIds = [...(pull.requestedTeamIds ?? []), ...newTeams.map((t) => t.id)];
    pull.updatedAt = new Date().toISOString();
    const subject = {
      type: 'PullRequest',
      title: pull.title,
      path: `/pulls/${pull.number}`,
      latestCommentPath: `/pulls/${pull.number}`,
    };
    const notified = new Set<number>([viewer.id]);
    const people = [
      ...newUsers,
      ...newTeams
        .flatMap((t) => world.teamMemberIds(t))
        .map((id) => world.accounts.get(id))
        .filter((a) => a !== undefined),
    ];
    for (const person of people) {
      if (notified.has(person.id) || person.id === pull.userId) continue;
      notified.add(person.id);
      world.notifications.notify({
        userId: person.id,
        repoId: repo.id,
        reason: 'review_requested',
        subject,
      });
    }
    world.touch();
    request.actions.background(async (ctx) => {
      const render = ctx.render();
      for (const reviewer of newUsers)
        ctx.deliveries.push(
          ...(await ctx.webhooks.sendGithub(
            'pull_request',
            reviewRequestedPayload(render, repo, pull, { reviewer }, viewer),
            repo.id,
          )),
        );
      for (const team of newTeams)
        ctx.deliveries.push(
          ...(await ctx.webhooks.sendGithub(
            'pull_request',
            reviewRequestedPayload(render, repo, pull, { team }, viewer),
            repo.id,
          )),
        );
    });
    return { status: 201, body: renderPullSimple(request.render, repo, pull) };
  },
};
