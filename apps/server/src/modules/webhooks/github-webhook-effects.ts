import { z } from 'zod';
import type { ChangedRepository } from '../notifications/change-notifications.js';
import { changeNotifications } from '../notifications/change-notifications.js';
import type { WebhookEffects } from './webhook-effects.js';
import { noEffects } from './webhook-effects.js';

const account = z.object({ login: z.string() }).loose();
const repository = z
  .object({
    id: z.number(),
    full_name: z.string(),
    name: z.string(),
    owner: account,
    default_branch: z.string().optional(),
  })
  .loose();
const pullRequest = z
  .object({
    number: z.number(),
    title: z.string(),
    merged: z.boolean().nullish(),
    merged_by: account.nullish(),
    /** Merge when ready: who turned it on (`auto-merge`, PROVIDERS.md §11.1). */
    auto_merge: z.object({ enabled_by: account.nullable() }).loose().nullish(),
    user: account.nullable(),
    head: z.object({ sha: z.string() }).loose(),
  })
  .loose();

const pushSchema = z
  .object({
    ref: z.string(),
    after: z.string(),
    repository,
    commits: z.array(z.unknown()).default([]),
    pusher: z.object({ name: z.string() }).loose().optional(),
  })
  .loose();
const pullRequestSchema = z
  .object({
    action: z.string(),
    number: z.number(),
    pull_request: pullRequest,
    repository,
    requested_reviewer: account.nullish(),
    assignee: account.nullish(),
  })
  .loose();
const reviewSchema = z
  .object({
    action: z.string(),
    review: z.object({ id: z.number(), state: z.string(), user: account.nullable() }).loose(),
    pull_request: pullRequest,
    repository,
  })
  .loose();
const checkPullRequests = z.array(z.object({ number: z.number() }).loose()).default([]);
const checkRunSchema = z
  .object({
    action: z.string(),
    check_run: z
      .object({
        name: z.string(),
        head_sha: z.string(),
        conclusion: z.string().nullable(),
        pull_requests: checkPullRequests,
      })
      .loose(),
    repository,
  })
  .loose();
const checkSuiteSchema = z
  .object({
    action: z.string(),
    check_suite: z
      .object({
        head_sha: z.string(),
        conclusion: z.string().nullable(),
        pull_requests: checkPullRequests,
        app: z.object({ name: z.string() }).loose().nullish(),
      })
      .loose(),
    repository,
  })
  .loose();
const repositoryOnlySchema = z.object({ repository }).loose();

type Repository = z.infer<typeof repository>;

/** Pull-request actions after which it may involve someone it did not before. */
const INVOLVING_ACTIONS = new Set(['opened', 'reopened', 'assigned', 'review_requested']);

function changedRepository(repo: Repository): ChangedRepository {
  return { id: repo.id, fullName: repo.full_name, ownerLogin: repo.owner.login, name: repo.name };
}

function logins(...values: (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/**
 * Maps one GitHub delivery to its effects. Dedupe keys use GitHub's ids, the same ones a sync
 * derives from the REST answers, so the two observers create one item between them.
 */
export function githubWebhookEffects(event: string, body: unknown): WebhookEffects {
  switch (event) {
    case 'push': {
      const push = pushSchema.parse(body);
      const repo = push.repository;
      const branch = push.ref.replace(/^refs\/heads\//, '');
      const audience = { githubLogins: logins(repo.owner.login), githubRepositoryId: repo.id };
      const changed = {
        resources: ['commits', 'repositories'] as const,
        repository: repo.full_name,
      };
      const toDefault = repo.default_branch !== undefined && branch === repo.default_branch;
      if (!toDefault || push.commits.length === 0 || /^0+$/.test(push.after)) {
        return {
          ...noEffects,
          audience,
          changed: { ...changed, resources: [...changed.resources] },
        };
      }
      return {
        audience,
        changed: { ...changed, resources: [...changed.resources] },
        notifications: [
          {
            audience,
            input: changeNotifications.commitsPushed(
              changedRepository(repo),
              branch,
              push.after,
              push.commits.length,
            ),
          },
        ],
      };
    }
    case 'pull_request': {
      const delivery = pullRequestSchema.parse(body);
      const { pull_request: pr, repository: repo } = delivery;
      const audience = {
        githubLogins: logins(repo.owner.login, pr.user?.login),
        githubRepositoryId: repo.id,
      };
      const changed = { resources: ['pull-requests' as const], repository: repo.full_name };
      const notifications: WebhookEffects['notifications'] = [];
      if (delivery.action === 'closed' && pr.merged) {
        notifications.push({
          audience,
          input: changeNotifications.pullRequestMerged(changedRepository(repo), pr),
        });
        // GitHub merged it on its own, as the person who turned merge when ready on asked.
        const enabledBy = pr.auto_merge?.enabled_by?.login;
        if (enabledBy && pr.merged_by?.login.toLowerCase() === enabledBy.toLowerCase()) {
          notifications.push({
            audience: { githubLogins: [enabledBy] },
            input: changeNotifications.autoMerged(changedRepository(repo), pr),
          });
        }
      }
      const reviewer = delivery.requested_reviewer?.login;
      if (delivery.action === 'review_requested' && reviewer) {
        notifications.push({
          audience: { githubLogins: [reviewer] },
          input: changeNotifications.reviewRequested(changedRepository(repo), pr, reviewer),
        });
      }
      const involves = INVOLVING_ACTIONS.has(delivery.action)
        ? {
            githubRefreshFor: {
              githubLogins: logins(
                repo.owner.login,
                pr.user?.login,
                delivery.requested_reviewer?.login,
                delivery.assignee?.login,
              ),
            },
          }
        : {};
      return { audience, changed, notifications, ...involves };
    }
    case 'pull_request_review': {
      const delivery = reviewSchema.parse(body);
      const { review, pull_request: pr, repository: repo } = delivery;
      const audience = {
        githubLogins: logins(repo.owner.login, pr.user?.login),
        githubRepositoryId: repo.id,
      };
      const changed = { resources: ['pull-requests' as const], repository: repo.full_name };
      const state = review.state.toLowerCase();
      const author = { githubLogins: logins(pr.user?.login) };
      if (delivery.action !== 'submitted' || !['changes_requested', 'approved'].includes(state)) {
        return { ...noEffects, audience, changed };
      }
      return {
        audience,
        changed,
        notifications: [
          {
            audience: author,
            input: changeNotifications.review(changedRepository(repo), pr, {
              id: review.id,
              approved: state === 'approved',
              reviewerLogin: review.user?.login ?? null,
            }),
          },
        ],
      };
    }
    case 'check_run':
    case 'check_suite': {
      const parsed =
        event === 'check_run'
          ? (() => {
              const run = checkRunSchema.parse(body);
              return {
                repo: run.repository,
                action: run.action,
                check: run.check_run.name,
                ...run.check_run,
              };
            })()
          : (() => {
              const suite = checkSuiteSchema.parse(body);
              return {
                repo: suite.repository,
                action: suite.action,
                check: suite.check_suite.app?.name ?? 'Checks',
                ...suite.check_suite,
              };
            })();
      const repo = parsed.repo;
      const audience = { githubLogins: logins(repo.owner.login), githubRepositoryId: repo.id };
      const changed = { resources: ['pull-requests' as const], repository: repo.full_name };
      const failed =
        parsed.action === 'completed' &&
        ['failure', 'timed_out', 'startup_failure'].includes(parsed.conclusion ?? '');
      if (!failed) return { ...noEffects, audience, changed };
      return {
        audience,
        changed,
        notifications: parsed.pull_requests.map((pr) => ({
          // "Your pull request": its author, whoever owns the repository.
          audience: {
            githubLogins: [],
            pullRequestAuthor: { repositoryId: repo.id, number: pr.number },
          },
          input: changeNotifications.checksFailed(
            changedRepository(repo),
            pr.number,
            parsed.head_sha,
            parsed.check,
          ),
        })),
      };
    }
    case 'status':
    case 'repository':
    case 'deployment_status': {
      const { repository: repo } = repositoryOnlySchema.parse(body);
      const resources =
        event === 'repository'
          ? (['repositories', 'repository'] as const)
          : event === 'status'
            ? (['pull-requests', 'commits'] as const)
            : (['deployments', 'repository'] as const);
      return {
        ...noEffects,
        audience: { githubLogins: logins(repo.owner.login), githubRepositoryId: repo.id },
        changed: { resources: [...resources], repository: repo.full_name },
      };
    }
    default:
      return noEffects;
  }
}
