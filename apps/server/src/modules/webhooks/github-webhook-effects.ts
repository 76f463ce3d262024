import { notificationTexts } from '@shipdeck/shared/messages';
import { z } from 'zod';
import { dedupeKeys } from '../notifications/dedupe-keys.js';
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

function repoLink(repo: Repository): string {
  return `/repo/${encodeURIComponent(repo.owner.login)}/${encodeURIComponent(repo.name)}`;
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
            input: {
              type: 'commits-pushed',
              title: `New commits on ${repo.full_name}`,
              message: notificationTexts.commitsPushed(push.commits.length, branch, repo.full_name),
              severity: 'low',
              link: repoLink(repo),
              dedupeKey: dedupeKeys.commitsPushed(repo.id, push.after),
            },
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
          input: {
            type: 'pull-request-merged',
            title: `Merged: ${pr.title}`,
            message: notificationTexts.pullRequestMerged(repo.full_name, pr.number, pr.title),
            severity: 'medium',
            link: repoLink(repo),
            dedupeKey: dedupeKeys.pullRequestMerged(repo.id, pr.number),
          },
        });
      }
      const reviewer = delivery.requested_reviewer?.login;
      if (delivery.action === 'review_requested' && reviewer) {
        notifications.push({
          audience: { githubLogins: [reviewer] },
          input: {
            type: 'review-requested',
            title: `Review requested: ${pr.title}`,
            message: notificationTexts.reviewRequested(repo.full_name, pr.number, pr.title),
            severity: 'medium',
            link: repoLink(repo),
            dedupeKey: dedupeKeys.reviewRequested(repo.id, pr.number, reviewer),
          },
        });
      }
      return { audience, changed, notifications };
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
      const reviewer = review.user?.login ?? 'someone';
      const author = { githubLogins: logins(pr.user?.login) };
      if (delivery.action !== 'submitted' || !['changes_requested', 'approved'].includes(state)) {
        return { ...noEffects, audience, changed };
      }
      const approved = state === 'approved';
      return {
        audience,
        changed,
        notifications: [
          {
            audience: author,
            input: {
              type: approved ? 'pull-request-approved' : 'changes-requested',
              title: `${approved ? 'Approved' : 'Changes requested'}: ${pr.title}`,
              message: approved
                ? notificationTexts.approved(reviewer, repo.full_name, pr.number)
                : notificationTexts.changesRequested(reviewer, repo.full_name, pr.number),
              severity: approved ? 'low' : 'high',
              link: repoLink(repo),
              dedupeKey: dedupeKeys.review(repo.id, pr.number, review.id),
            },
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
      // Check deliveries name pull requests by number only; the owner stands in for the author.
      const audience = { githubLogins: logins(repo.owner.login) };
      const changed = { resources: ['pull-requests' as const], repository: repo.full_name };
      const failed =
        parsed.action === 'completed' &&
        ['failure', 'timed_out', 'startup_failure'].includes(parsed.conclusion ?? '');
      if (!failed) return { ...noEffects, audience, changed };
      return {
        audience,
        changed,
        notifications: parsed.pull_requests.map((pr) => ({
          audience,
          input: {
            type: 'checks-failed' as const,
            title: `Checks failed on ${repo.full_name}#${pr.number}`,
            message: notificationTexts.checksFailed(repo.full_name, pr.number, parsed.check),
            severity: 'high' as const,
            link: repoLink(repo),
            dedupeKey: dedupeKeys.checksFailed(repo.id, pr.number, parsed.head_sha),
          },
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
